import type { Scope } from '../scope.ts';
import {
  unsubscribeLanguage,
  withUnsubscribeDefaults,
  type UnsubscribeLanguage,
  type UnsubscribeSettings,
} from '../../../shared/unsubscribe.ts';
import type { Channel } from '../../../shared/messaging.ts';

/** The company's unsubscribe page settings, completed with the defaults (a company that never saved gets them). */
export async function getUnsubscribeSettings(scope: Pick<Scope, 'db' | 'companyId'>): Promise<UnsubscribeSettings> {
  const { rows } = await scope.db.query<{ texts: object; colours: object; offer_lists: boolean }>(
    'select texts, colours, offer_lists from unsubscribe_settings where company_id = $1',
    [scope.companyId],
  );
  const row = rows[0];
  return withUnsubscribeDefaults(row ? { texts: row.texts, colours: row.colours, offerLists: row.offer_lists } : {});
}

/** Saves every text, colour and the list choice (the contract checks lengths and colour syntax). */
export async function updateUnsubscribeSettings(
  scope: Scope,
  settings: UnsubscribeSettings,
): Promise<UnsubscribeSettings> {
  await scope.db.query(
    `insert into unsubscribe_settings (company_id, texts, colours, offer_lists) values ($1, $2, $3, $4)
     on conflict (company_id) do update
       set texts = excluded.texts, colours = excluded.colours, offer_lists = excluded.offer_lists, updated_at = now()`,
    [scope.companyId, JSON.stringify(settings.texts), JSON.stringify(settings.colours), settings.offerLists],
  );
  return getUnsubscribeSettings(scope);
}

/** The recipient an unsubscribe link names, with what its page needs. */
export interface UnsubscribeRecipient {
  messageId: number;
  recipientId: number;
  contactId: number | null;
  channel: Channel;
  address: string;
  language: UnsubscribeLanguage;
  unsubscribedAt: Date | null;
}

export async function findRecipient(
  scope: Scope,
  messageId: number,
  recipientId: number,
): Promise<UnsubscribeRecipient | null> {
  const { rows } = await scope.db.query<{
    contact_id: string | null;
    channel: Channel;
    address: string;
    language: string | null;
    unsubscribed_at: Date | null;
  }>(
    `select r.contact_id, m.channel, r.address, c.language, r.unsubscribed_at
       from message_recipients r
       join messages m on m.company_id = r.company_id and m.id = r.message_id
       left join contacts c on c.company_id = r.company_id and c.id = r.contact_id
      where r.company_id = $1 and r.message_id = $2 and r.id = $3`,
    [scope.companyId, messageId, recipientId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    messageId,
    recipientId,
    contactId: row.contact_id === null ? null : Number(row.contact_id),
    channel: row.channel,
    address: row.address,
    language: unsubscribeLanguage(row.language),
    unsubscribedAt: row.unsubscribed_at,
  };
}

/** The lists the contact is a member of, by name, for the page's choice. */
export async function contactLists(scope: Scope, contactId: number | null): Promise<{ id: number; name: string }[]> {
  if (contactId === null) return [];
  const { rows } = await scope.db.query<{ id: string; name: string }>(
    `select l.id, l.name from list_members m join lists l on l.company_id = m.company_id and l.id = m.list_id
      where m.company_id = $1 and m.contact_id = $2 order by l.name, l.id`,
    [scope.companyId, contactId],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * Unsubscribes a recipient. With `lists` (chosen on the page, when the company offers the choice) the contact only
 * leaves those of its lists; otherwise its address goes on the channel's blocklist (reason `unsubscribed`), so no
 * future message reaches it. Either way the recipient gets `unsubscribed_at`, an `unsubscribed` event and a timeline
 * row — once: a second unsubscribe of the same recipient changes only what it adds (a list left, the blocklist).
 */
export async function unsubscribe(
  scope: Scope,
  recipient: UnsubscribeRecipient,
  lists: readonly number[] = [],
): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query(
      `update message_recipients set unsubscribed_at = coalesce(unsubscribed_at, now())
        where company_id = $1 and message_id = $2 and id = $3 returning id`,
      [scope.companyId, recipient.messageId, recipient.recipientId],
    );
    const first = recipient.unsubscribedAt === null && rows.length > 0;
    let left: number[] = [];
    if (lists.length && recipient.contactId !== null) {
      const removed = await db.query<{ list_id: string }>(
        `delete from list_members where company_id = $1 and contact_id = $2 and list_id = any($3::bigint[])
         returning list_id`,
        [scope.companyId, recipient.contactId, lists],
      );
      left = removed.rows.map((r) => Number(r.list_id));
    } else {
      await db.query(
        `insert into channel_blocklist (company_id, channel, address, reason, message_id)
         values ($1, $2, $3, 'unsubscribed', $4) on conflict (company_id, channel, address) do nothing`,
        [scope.companyId, recipient.channel, recipient.address, recipient.messageId],
      );
    }
    const detail = lists.length ? { lists: left } : { blocklisted: true };
    if (first || left.length) {
      await db.query(
        `insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, detail)
         values ($1, $2, $3, $4, $5, 'unsubscribed', $6)`,
        [
          scope.companyId,
          recipient.messageId,
          recipient.recipientId,
          recipient.contactId,
          recipient.channel,
          JSON.stringify(detail),
        ],
      );
      if (recipient.contactId !== null) {
        await db.query(
          `insert into contact_events (company_id, contact_id, type, payload)
           values ($1, $2, 'message.unsubscribed', $3)`,
          [scope.companyId, recipient.contactId, JSON.stringify({ messageId: recipient.messageId, ...detail })],
        );
      }
    }
  });
  if (recipient.contactId !== null) {
    scope.realtime.toCompany(scope.companyId, 'contact.timeline', { contactId: recipient.contactId });
  }
}
