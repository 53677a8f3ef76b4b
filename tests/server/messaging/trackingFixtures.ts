import { signTracking, type TokenKind } from '../../../server/services/messaging/tokens.ts';
import type { TestEnv } from '../helpers.ts';
import { TEST_SECRET } from '../global-setup.ts';

/** A campaign already sent, written as the sending engine leaves it: the message, its recipients and its links. */
export interface SentMessage {
  messageId: number;
  recipients: { id: number; contactId: number | null; address: string }[];
  token(kind: TokenKind, recipient?: number, linkIdx?: number): string;
}

export async function sentMessage(
  env: TestEnv,
  companyId: string,
  options: {
    contacts: { id: number | null; address: string }[];
    links?: string[];
    html?: string;
    /** How long ago the recipients were sent the message. */
    sentAgoMs?: number;
  },
): Promise<SentMessage> {
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into messages (company_id, channel, name, status, subject, html, sent_at)
     values ($1, 'email', 'Spring news', 'sent', 'Hello', $2, now()) returning id`,
    [companyId, options.html ?? '<p>Hi {{ contact.first_name | default: "there" }}</p>'],
  );
  const messageId = Number(rows[0]!.id);
  const sentAt = new Date(Date.now() - (options.sentAgoMs ?? 3_600_000));
  const recipients: SentMessage['recipients'] = [];
  for (const contact of options.contacts) {
    const r = await env.pool.query<{ id: string }>(
      `insert into message_recipients (company_id, message_id, contact_id, address, state, sent_at)
       values ($1, $2, $3, $4, 'sent', $5) returning id`,
      [companyId, messageId, contact.id, contact.address, sentAt],
    );
    recipients.push({ id: Number(r.rows[0]!.id), contactId: contact.id, address: contact.address });
  }
  for (const [idx, url] of (options.links ?? []).entries()) {
    await env.pool.query('insert into message_links (company_id, message_id, idx, url) values ($1, $2, $3, $4)', [
      companyId,
      messageId,
      idx,
      url,
    ]);
  }
  return {
    messageId,
    recipients,
    token: (kind, recipient = recipients[0]?.id ?? 0, linkIdx = 0) =>
      signTracking(TEST_SECRET, { kind, companyId, messageId, recipientId: recipient, linkIdx }),
  };
}

/** Waits until `read` answers something truthy (the tracking buffer writes every 100 ms); throws after 5 s. */
export async function eventually<T>(read: () => Promise<T>, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The message's events of one type, oldest first. */
export async function eventsOf(env: TestEnv, messageId: number, type?: string) {
  const { rows } = await env.pool.query<{
    type: string;
    machine: boolean;
    recipient_id: string;
    link_idx: number | null;
    detail: Record<string, unknown>;
  }>(
    `select type, machine, recipient_id, link_idx, detail from message_events
      where message_id = $1 and ($2::text is null or type = $2) order by id`,
    [messageId, type ?? null],
  );
  return rows;
}

export async function recipientRow(env: TestEnv, recipientId: number) {
  const { rows } = await env.pool.query<{
    opened_at: Date | null;
    clicked_at: Date | null;
    unsubscribed_at: Date | null;
  }>('select opened_at, clicked_at, unsubscribed_at from message_recipients where id = $1', [recipientId]);
  return rows[0]!;
}
