import type { MessageContent } from '../../channels/adapter.ts';
import type { Queryable } from '../../db/tenant.ts';
import type { Channel, MessageStatus } from '../../../shared/messaging.ts';
import type { SendingIdentity } from './sendingIdentity.ts';

// A campaign's row as the send engine reads it, and the content a channel adapter sends from it.

/** A campaign as the engine reads it. */
export interface MessageRow {
  id: number;
  channel: Channel;
  status: MessageStatus;
  name: string;
  category: 'marketing' | 'transactional';
  subject: string | null;
  preview_text: string | null;
  from_name: string | null;
  sender_id: number | null;
  reply_to: string | null;
  html: string | null;
  text_body: string | null;
  embed_images: boolean;
  mirror_link: boolean;
  include_lists: number[];
  include_segments: number[];
  exclude_lists: number[];
  exclude_segments: number[];
  schedule:
    | { mode: 'now' }
    | { mode: 'at'; at: string; timeZone?: string }
    | { mode: 'repeat'; pattern: string; timeZone?: string };
  parent_id: number | null;
  resend_filter: 'not_opened' | 'not_clicked' | 'failed' | null;
}

/** The campaign `id` of a company, locked for the transaction when `lock` (a status change), or null. */
export async function loadMessage(db: Queryable, companyId: string, id: number, lock = false) {
  const { rows } = await db.query<MessageRow>(
    `select id::int, channel, status, name, category, subject, preview_text, from_name, sender_id::int, reply_to::text,
            html, text_body, embed_images, mirror_link, include_lists::int[], include_segments::int[],
            exclude_lists::int[], exclude_segments::int[], schedule, parent_id::int, resend_filter
       from messages where company_id = $1 and id = $2 ${lock ? 'for update' : ''}`,
    [companyId, id],
  );
  return rows[0] ?? null;
}

/** What a channel adapter sends: the campaign's content with the sender's address. */
export const contentOf = (companyId: string, m: MessageRow, identity: SendingIdentity | null): MessageContent => ({
  companyId,
  messageId: m.id,
  channel: m.channel,
  subject: m.subject,
  previewText: m.preview_text,
  fromName: m.from_name,
  fromAddress: identity?.address ?? null,
  replyTo: m.reply_to,
  html: m.html,
  text: m.text_body,
  embedImages: m.embed_images,
  mirrorLink: m.mirror_link,
  category: m.category,
});
