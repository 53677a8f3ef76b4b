import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import { SmtpPools } from '../../../server/channels/email/adapter.ts';
import { createEmailChannel, type EmailChannel } from '../../../server/channels/email.ts';
import { deliverMailTask } from '../../../server/jobs/deliverMail.ts';
import { runBatch } from '../../../server/services/messaging/batch.ts';
import { startInboundSmtp, type InboundListener } from '../../../server/services/messaging/inbound/listener.ts';
import { forJob } from '../../../server/services/scope.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';
import { seedList, seedMessage, seedSender, startSmtp } from '../messaging/sendingFixtures.ts';

// Replies come back end to end on real SMTP on loopback: a campaign is sent through a capturing smtp-server, the
// recipient answers its Reply-To at the inbound listener, the reply is recorded on the message and the contact's
// timeline, and the outbox forwards it to the company's reply-to inbox with the replier as its Reply-To.
let env: TestEnv;
let a: Caller;
let pools: SmtpPools;
let email: EmailChannel;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let listener: InboundListener;
let senderId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  // The port only says the installation receives mail; the listener itself is started on port 0 below.
  env = await createTestEnv({ smtpUrl: smtp.url, inboundSmtpPort: 2525 });
  listener = await startInboundSmtp(env.ctx, { port: 0, host: '127.0.0.1' });
  pools = new SmtpPools(2);
  email = createEmailChannel(smtp.url);
  a = await signIn(env, 'Alpha');
  senderId = await seedSender(env, a.companyId);
  await env.pool.query(`update senders set reply_to = 'help@shop.example' where id = $1`, [senderId]);
});
afterAll(async () => {
  email?.close();
  pools?.close();
  await listener?.close();
  await smtp?.close();
  await env?.close();
});

const uniq = () => Math.random().toString(36).slice(2, 7);

/** Sends a one-recipient campaign through the engine and answers the captured email, parsed. */
async function sendCampaign(fields: Record<string, unknown> = {}) {
  const prefix = `r${uniq()}`;
  const list = await seedList(env, a.companyId, prefix, 1);
  const id = await seedMessage(env, a.companyId, senderId, { include_lists: [list], ...fields });
  expect((await a.call('POST', `/channels/email/messages/${id}/send`)).status).toBe(200);
  await runBatch(forJob(env.ctx, a.companyId), { transport: (url) => pools.get(url), window: 2 }, id, 0);
  const address = `${prefix}1@example.com`;
  const raw = smtp.received.find((m) => m.to.includes(address))!.raw;
  const contact = await env.pool.query<{ id: number }>(
    'select id::int from contacts where company_id = $1 and email = $2',
    [a.companyId, address],
  );
  return { id, address, contactId: contact.rows[0]!.id, mail: await simpleParser(raw) };
}

const replyToOf = (mail: { replyTo?: AddressObject }) => mail.replyTo?.value[0];

/** The recipient's mail server answering the campaign: a reply to its Reply-To, sent to the listener. */
async function answer(to: string, from: string, inReplyTo: string, messageId = `<${uniq()}@example.com>`) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, ignoreTLS: true });
  try {
    await transport.sendMail({
      from,
      to,
      subject: 'Re: Hi Name1, autumn is here',
      text: 'Do you ship to Sicily?\n\n> Hello Name1',
      html: '<p>Do you ship to Sicily?</p>',
      inReplyTo,
      messageId,
    });
  } finally {
    transport.close();
  }
}

/** Runs the outbox's delivery job for each forward queued for `to`, as the worker would; answers the rows. */
async function deliverForwards(to: string) {
  const { rows } = await env.pool.query<{ id: number; replyTo: string | null; status: string }>(
    `select id::int, reply_to as "replyTo", status from outbox where kind = 'reply_forward' and to_address = $1
      order by id`,
    [to],
  );
  const task = deliverMailTask(env.ctx, email);
  const helpers = { job: { attempts: 1, max_attempts: 5 } } as unknown as JobHelpers;
  for (const row of rows) await task({ id: row.id }, helpers);
  return rows;
}

describe('replies to a campaign', () => {
  it('carry the signed reply address, are recorded on message and timeline, and reach the reply-to inbox', async () => {
    const sent = await sendCampaign();
    const replyTo = replyToOf(sent.mail);
    expect(replyTo?.address).toMatch(/^r-[A-Za-z0-9_-]{59}@bounce\.shop\.example$/);
    expect(replyTo?.name).toBe('Shop');

    await answer(replyTo!.address!, sent.address, sent.mail.messageId!);
    const incoming = await env.pool.query(
      `select message_id::int as "messageId", contact_id::int as "contactId", from_address::text as "from"
         from incoming_messages where company_id = $1 and message_id = $2`,
      [a.companyId, sent.id],
    );
    expect(incoming.rows).toEqual([{ messageId: sent.id, contactId: sent.contactId, from: sent.address }]);
    const events = await env.pool.query(`select type from message_events where message_id = $1 and type = 'replied'`, [
      sent.id,
    ]);
    expect(events.rowCount).toBe(1);
    const timeline = await a.call('GET', `/contacts/${sent.contactId}/timeline`);
    expect(timeline.body[0]).toMatchObject({ type: 'message.replied', payload: { messageId: sent.id } });

    const forwards = await deliverForwards('help@shop.example');
    expect(forwards).toEqual([{ id: expect.any(Number), replyTo: sent.address, status: 'queued' }]);
    const forwarded = smtp.received.filter((m) => m.to.includes('help@shop.example'));
    expect(forwarded).toHaveLength(1);
    const mail = await simpleParser(forwarded[0]!.raw);
    expect(replyToOf(mail)?.address).toBe(sent.address);
    expect(mail.subject).toBe('Re: Hi Name1, autumn is here');
    expect(mail.text).toContain(`${sent.address} replied to the campaign "Autumn news"`);
    expect(mail.text).toContain('Do you ship to Sicily?');
    expect(mail.html).toContain('<p>Do you ship to Sicily?</p>');
    const row = await env.pool.query(`select status from outbox where id = $1`, [forwards[0]!.id]);
    expect(row.rows[0].status).toBe('sent');
  });

  it('go to the campaign’s own reply-to before the sender’s, once however often it is delivered', async () => {
    const sent = await sendCampaign({ reply_to: 'campaign-desk@shop.example' });
    const to = replyToOf(sent.mail)!.address!;
    const messageId = `<${uniq()}@example.com>`;
    await answer(to, sent.address, sent.mail.messageId!, messageId);
    await answer(to, sent.address, sent.mail.messageId!, messageId);
    const forwards = await deliverForwards('campaign-desk@shop.example');
    expect(forwards.map((f) => f.replyTo)).toEqual([sent.address]);
    expect(smtp.received.filter((m) => m.to.includes('campaign-desk@shop.example'))).toHaveLength(1);
  });

  it('without an inbound listener keep the sender’s reply-to, so replies still reach the company', async () => {
    env.ctx.config.inboundSmtpPort = undefined;
    try {
      const sent = await sendCampaign();
      expect(replyToOf(sent.mail)?.address).toBe('help@shop.example');
    } finally {
      env.ctx.config.inboundSmtpPort = 2525;
    }
  });
});
