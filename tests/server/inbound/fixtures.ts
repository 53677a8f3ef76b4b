import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { TestEnv } from '../helpers.ts';
import { makeContact, type Caller } from '../contacts/fixtures.ts';
import { replyAddress, verpAddress } from '../../../server/services/messaging/tokens.ts';

export interface Sent {
  messageId: number;
  recipients: Array<{ id: number; contactId: number; address: string }>;
}

/** A sent campaign of the caller's company: contacts, a message and its recipients in state `sent`. */
export async function sentCampaign(env: TestEnv, caller: Caller, addresses: string[], name = 'Spring offers') {
  const contacts = [];
  for (const email of addresses) contacts.push(await makeContact(caller, { email, firstName: 'Giulia' }));
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into messages (company_id, channel, name, status, subject) values ($1, 'email', $2, 'sent', $2)
     returning id::int`,
    [caller.companyId, name],
  );
  const messageId = rows[0]!.id;
  const recipients = [];
  for (const c of contacts) {
    const r = await env.pool.query<{ id: number }>(
      `insert into message_recipients (company_id, message_id, contact_id, address, state, sent_at)
       values ($1, $2, $3, $4, 'sent', now()) returning id::int`,
      [caller.companyId, messageId, c.id, c.email],
    );
    recipients.push({ id: r.rows[0]!.id, contactId: c.id as number, address: c.email as string });
  }
  return { messageId, recipients } satisfies Sent;
}

export const BOUNCE_HOST = 'bounces.acme.example';

export const verpOf = (env: TestEnv, companyId: string, messageId: number, recipientId: number) =>
  verpAddress(env.ctx.config.secret, { companyId, messageId, recipientId }, BOUNCE_HOST);
export const replyOf = (env: TestEnv, companyId: string, messageId: number, recipientId: number) =>
  replyAddress(env.ctx.config.secret, { companyId, messageId, recipientId }, BOUNCE_HOST);

/** A fixture message with its placeholders filled: the VERP address it returns to and the failed recipient. */
export function fixture(name: string, values: { verp: string; rcpt: string }) {
  return readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.eml`), 'utf8')
    .replaceAll('{{VERP}}', values.verp)
    .replaceAll('{{RCPT}}', values.rcpt)
    .replace(/\r?\n/g, '\r\n');
}

/** Sends a raw message over SMTP to the listener on loopback, as a remote mail server would. */
export async function deliver(port: number, to: string, raw: string, from = '') {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

export async function eventsOf(env: TestEnv, messageId: number) {
  const { rows } = await env.pool.query<{ type: string; recipientId: number; detail: Record<string, unknown> }>(
    `select type, recipient_id::int as "recipientId", detail from message_events where message_id = $1 order by id`,
    [messageId],
  );
  return rows;
}

export async function blocklist(env: TestEnv, companyId: string) {
  const { rows } = await env.pool.query<{ address: string; reason: string; softBounces: number }>(
    `select address::text, reason, soft_bounces as "softBounces" from channel_blocklist where company_id = $1
      order by address`,
    [companyId],
  );
  return rows;
}
