import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { startInboundSmtp, type InboundListener } from '../../../server/services/messaging/inbound/listener.ts';
import { signTracking, unsubscribeAddress, verpAddress } from '../../../server/services/messaging/tokens.ts';
import { blocklist, deliver, eventsOf, fixture, replyOf, sentCampaign, verpOf } from './fixtures.ts';

// DSNs, ARF reports and replies sent over real SMTP (nodemailer) to the listener on 127.0.0.1, port 0.
let env: TestEnv;
let a: Caller;
let b: Caller;
let listener: InboundListener;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  env.ctx.config.inboundFeedbackAddresses = ['fbl@bounces.acme.example'];
  listener = await startInboundSmtp(env.ctx, { port: 0, host: '127.0.0.1', maxBytes: 64 * 1024 });
});
afterAll(async () => {
  await listener?.close();
  await env?.close();
});

const recipientRow = async (id: number) =>
  (
    await env.pool.query(
      `select state, bounced_at is not null as bounced, complained_at is not null as complained
         from message_recipients where id = $1`,
      [id],
    )
  ).rows[0];

describe('bounces', () => {
  it.each(['postfix-hard', 'gmail-hard'])('a permanent failure (%s) is a hard bounce that blocklists', async (name) => {
    const address = `${name}@example.org`;
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const verp = verpOf(env, a.companyId, sent.messageId, r.id);
    const info = await deliver(listener.port, verp, fixture(name, { verp, rcpt: address }));
    expect(info.accepted).toEqual([verp]);
    const events = await eventsOf(env, sent.messageId);
    expect(events.map((e) => e.type)).toEqual(['bounced', 'blocklisted']);
    expect(events[0]!.detail).toMatchObject({ status: '5.1.1', hard: true, source: 'smtp', action: 'failed' });
    expect(String(events[0]!.detail.diagnostic)).toMatch(/^550[- ]5\.1\.1/);
    expect(await recipientRow(r.id)).toEqual({ state: 'not_delivered', bounced: true, complained: false });
    expect(await blocklist(env, a.companyId)).toContainEqual({ address, reason: 'hard_bounce', softBounces: 0 });
    // The contact's timeline has both, and the open pages were told.
    const timeline = await a.call('GET', `/contacts/${r.contactId}/timeline`);
    expect(timeline.body.map((e: { type: string }) => e.type).slice(0, 2)).toEqual([
      'message.blocklisted',
      'message.bounced',
    ]);
    expect(env.emitted).toContainEqual({
      room: `company:${a.companyId}`,
      event: 'contact.timeline',
      payload: { contactId: r.contactId },
    });
  });

  it('three soft bounces in a row block the address; a delivery in between resets the count', async () => {
    const address = 'full-mailbox@example.org';
    const send = async (name: 'exim-soft' | 'rfc3464-soft') => {
      const sent = await sentCampaign(env, a, [], `Soft ${name}`);
      const { rows } = await env.pool.query<{ id: number }>(
        `insert into message_recipients (company_id, message_id, contact_id, address, state)
         select $1, $2, id, email, 'sent' from contacts where company_id = $1 and email = $3 returning id::int`,
        [a.companyId, sent.messageId, address],
      );
      const verp = verpOf(env, a.companyId, sent.messageId, rows[0]!.id);
      await deliver(listener.port, verp, fixture(name, { verp, rcpt: address }));
      return { ...sent, recipientId: rows[0]!.id };
    };
    await a.call('POST', '/contacts', { email: address });
    const first = await send('exim-soft');
    expect((await eventsOf(env, first.messageId)).map((e) => [e.type, e.detail.hard, e.detail.status])).toEqual([
      ['bounced', false, '4.2.2'],
    ]);
    expect(await recipientRow(first.recipientId)).toEqual({ state: 'sent', bounced: true, complained: false });
    await send('rfc3464-soft');
    // A delivery report resets the run.
    const delivered = await sentCampaign(env, a, [], 'Delivered');
    const { rows } = await env.pool.query<{ id: number }>(
      `insert into message_recipients (company_id, message_id, address, state) values ($1, $2, $3, 'sent')
       returning id::int`,
      [a.companyId, delivered.messageId, address],
    );
    const verp = verpOf(env, a.companyId, delivered.messageId, rows[0]!.id);
    const dsn = fixture('rfc3464-soft', { verp, rcpt: address })
      .replace('Action: delayed', 'Action: delivered')
      .replace('Status: 4.0.0 (unknown temporary failure)', 'Status: 2.0.0');
    await deliver(listener.port, verp, dsn);
    expect((await recipientRow(rows[0]!.id))!.state).toBe('delivered');
    await send('exim-soft');
    await send('exim-soft');
    expect(await blocklist(env, a.companyId)).not.toContainEqual(expect.objectContaining({ address }));
    const third = await send('rfc3464-soft');
    expect((await eventsOf(env, third.messageId)).map((e) => e.type)).toEqual(['bounced', 'blocklisted']);
    expect(await blocklist(env, a.companyId)).toContainEqual({ address, reason: 'soft_bounces', softBounces: 3 });
  });
});

describe('complaints', () => {
  it('an ARF abuse report is a complaint that blocklists the address', async () => {
    const address = 'annoyed@example.org';
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const verp = verpOf(env, a.companyId, sent.messageId, r.id);
    await deliver(listener.port, verp, fixture('rfc5965-abuse', { verp, rcpt: address }));
    const events = await eventsOf(env, sent.messageId);
    expect(events.map((e) => e.type)).toEqual(['complained', 'blocklisted']);
    expect(events[0]!.detail).toMatchObject({ feedbackType: 'abuse', userAgent: 'SomeGenerator/1.0' });
    expect(await recipientRow(r.id)).toEqual({ state: 'sent', bounced: false, complained: true });
    expect(await blocklist(env, a.companyId)).toContainEqual({ address, reason: 'complaint', softBounces: 0 });
  });

  it("a feedback loop's report to its registered address names the recipient by the reported message's sender", async () => {
    const address = 'fbl-user@example.org';
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const verp = verpOf(env, a.companyId, sent.messageId, r.id);
    const report = fixture('rfc5965-abuse', { verp, rcpt: address });
    await deliver(listener.port, 'FBL@bounces.acme.example', report);
    expect((await eventsOf(env, sent.messageId)).map((e) => e.type)).toEqual(['complained', 'blocklisted']);
    // Anything else sent there names no recipient and changes nothing.
    const other = await sentCampaign(env, a, ['fbl-other@example.org']);
    const otherVerp = verpOf(env, a.companyId, other.messageId, other.recipients[0]!.id);
    await deliver(
      listener.port,
      'fbl@bounces.acme.example',
      fixture('reply', { verp: otherVerp, rcpt: 'x@example.org' }),
    );
    expect(await eventsOf(env, other.messageId)).toEqual([]);
  });
});

describe('replies', () => {
  it('a mail to the List-Unsubscribe mailto address unsubscribes its recipient, as the one-click POST does', async () => {
    const address = 'leaving@example.org';
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const token = signTracking(env.ctx.config.secret, {
      kind: 'unsubscribe',
      companyId: a.companyId,
      messageId: sent.messageId,
      recipientId: r.id,
      linkIdx: 0,
    });
    const to = unsubscribeAddress(token, 'bounces.acme.example');
    const info = await deliver(listener.port, to, fixture('reply', { verp: to, rcpt: address }), address);
    expect(info.accepted).toEqual([to]);
    const { rows } = await env.pool.query(
      'select unsubscribed_at is not null as done from message_recipients where id = $1',
      [r.id],
    );
    expect(rows[0]).toEqual({ done: true });
    expect(await blocklist(env, a.companyId)).toContainEqual({ address, reason: 'unsubscribed', softBounces: 0 });
    // A token of another kind at the same prefix is refused at RCPT TO.
    const bad = unsubscribeAddress(
      signTracking(env.ctx.config.secret, {
        kind: 'open',
        companyId: a.companyId,
        messageId: sent.messageId,
        recipientId: r.id,
        linkIdx: 0,
      }),
      'bounces.acme.example',
    );
    await expect(
      deliver(listener.port, bad, fixture('reply', { verp: bad, rcpt: address }), address),
    ).rejects.toThrow();
  });

  it('a reply to a reply address is stored, linked to its message, recipient and contact, once', async () => {
    const address = 'giulia@example.org';
    const sent = await sentCampaign(env, a, [address]);
    const r = sent.recipients[0]!;
    const to = replyOf(env, a.companyId, sent.messageId, r.id);
    const raw = fixture('reply', { verp: to, rcpt: address });
    await deliver(listener.port, to, raw, address);
    // The same message again (the sender did not see our answer): stored once.
    await deliver(listener.port, to, raw, address);
    const { rows } = await env.pool.query(
      `select company_id as "companyId", contact_id::int as "contactId", message_id::int as "messageId",
              recipient_id::int as "recipientId", from_address::text as "from", subject, in_reply_to as "inReplyTo"
         from incoming_messages where message_id = $1`,
      [sent.messageId],
    );
    expect(rows).toEqual([
      {
        companyId: a.companyId,
        contactId: r.contactId,
        messageId: sent.messageId,
        recipientId: r.id,
        from: address,
        subject: 'Re: Spring offers',
        inReplyTo: '<m1.r1@acme.example>',
      },
    ]);
    expect((await eventsOf(env, sent.messageId)).map((e) => e.type)).toEqual(['replied']);
    const timeline = await a.call('GET', `/contacts/${r.contactId}/timeline`);
    expect(timeline.body[0]).toMatchObject({
      type: 'message.replied',
      payload: {
        messageId: sent.messageId,
        messageName: 'Spring offers',
        subject: 'Re: Spring offers',
        snippet:
          'Hello, do you ship to Sicily? I would like to order the blue one. On Tue, 12 Mar 2024, Acme News wrote:',
      },
    });
  });

  it('a reply naming only the company goes to the contact with its From address, never another company’s', async () => {
    const address = 'shared@example.org';
    await a.call('POST', '/contacts', { email: address });
    const theirs = (await b.call('POST', '/contacts', { email: address })).body;
    // Company A's address, written by a contact whose address B also has.
    const to = replyOf(env, a.companyId, 0, 0);
    await deliver(listener.port, to, fixture('reply', { verp: to, rcpt: address }).replace('CAF=reply-1', 'x2'));
    const { rows } = await env.pool.query(
      `select i.company_id as "companyId", c.company_id as "contactCompany", i.message_id as "messageId"
         from incoming_messages i join contacts c on c.id = i.contact_id where i.header_message_id = '<x2@mail.example.org>'`,
    );
    expect(rows).toEqual([{ companyId: a.companyId, contactCompany: a.companyId, messageId: null }]);
    expect((await b.call('GET', `/contacts/${theirs.id}/timeline`)).body).toEqual([
      expect.objectContaining({ type: 'contact.created' }),
    ]);
  });
});

describe('refusals', () => {
  it('refuses unknown and tampered recipients at RCPT TO with 550, and oversized messages with 552', async () => {
    await expect(deliver(listener.port, 'someone@bounces.acme.example', 'Subject: x\r\n\r\nx')).rejects.toMatchObject({
      responseCode: 550,
    });
    const verp = verpOf(env, a.companyId, 1, 1);
    const tampered = verp.replace(/^b-(.)/, (_, c: string) => `b-${c === 'A' ? 'B' : 'A'}`);
    await expect(deliver(listener.port, tampered, 'Subject: x\r\n\r\nx')).rejects.toMatchObject({ responseCode: 550 });
    // Signed with another installation's key.
    const foreign = verpAddress('z'.repeat(40), { companyId: a.companyId, messageId: 1, recipientId: 1 }, 'h.example');
    await expect(deliver(listener.port, foreign, 'Subject: x\r\n\r\nx')).rejects.toMatchObject({ responseCode: 550 });
    const big = `Subject: big\r\n\r\n${'x'.repeat(70 * 1024)}\r\n`;
    await expect(deliver(listener.port, verp, big)).rejects.toMatchObject({ responseCode: 552 });
  });
});
