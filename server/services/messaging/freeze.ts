import type { Queryable } from '../../db/tenant.ts';
import { attributeDefs } from '../contacts/attributes.ts';
import { segmentConditions } from '../contacts/query.ts';
import { compileSegment } from '../contacts/segments/compile.ts';
import { SqlParams } from '../contacts/sql.ts';
import { SEND_BATCH_SIZE } from '../../../shared/sending.ts';
import type { Channel } from '../../../shared/messaging.ts';

/** What a campaign sends to, as stored on the message. */
export interface Audience {
  companyId: string;
  messageId: number;
  channel: Channel;
  includeLists: number[];
  includeSegments: number[];
  excludeLists: number[];
  excludeSegments: number[];
  parentId: number | null;
  resendFilter: 'not_opened' | 'not_clicked' | 'failed' | null;
}

export interface Frozen {
  /** Recipients kept (message_recipients rows). */
  total: number;
  /** Addresses matched but left out: blocked contacts, the channel's blocklist (bounces, complaints, unsubscribes). */
  excluded: number;
  /** Batches numbered 0…batches-1. */
  batches: number;
}

/** The address a channel reaches a contact at (email now; a phone number for WhatsApp and SMS later). */
const ADDRESS: Record<Channel, string> = {
  email: 'c.email',
  whatsapp: `nullif(c.phone_prefix || c.phone_number, '')`,
  sms: `nullif(c.phone_prefix || c.phone_number, '')`,
};

/** A resend's recipients: the parent's who did not open, did not click, or were not delivered. */
const RESEND_FILTERS = {
  not_opened: `p.opened_at is null and p.state in ('sent', 'delivered')`,
  not_clicked: `p.clicked_at is null and p.state in ('sent', 'delivered')`,
  failed: `p.state = 'not_delivered'`,
} as const;

/**
 * Freezes a campaign's recipients into message_recipients in one set-based statement: the contacts of the included
 * lists and segments (segments compiled by the contacts area's compiler) minus the excluded ones, or for a resend the
 * parent's recipients its filter keeps; deduplicated by address; blocked contacts and blocklisted addresses counted
 * and left out. Rows are numbered into batches of SEND_BATCH_SIZE in contact order. Run inside the send's transaction.
 */
export async function freezeRecipients(db: Queryable, audience: Audience): Promise<Frozen> {
  const params = new SqlParams([audience.companyId, audience.messageId, audience.channel, SEND_BATCH_SIZE]);
  const address = ADDRESS[audience.channel];
  let candidates: string;
  if (audience.parentId !== null && audience.resendFilter) {
    const parent = params.add(audience.parentId);
    candidates = `select c.id, ${address} as address, c.blocked_at
        from message_recipients p join contacts c on c.company_id = p.company_id and c.id = p.contact_id
       where p.company_id = $1 and p.message_id = ${parent} and ${RESEND_FILTERS[audience.resendFilter]}`;
  } else {
    const attributes = await attributeDefs(db, audience.companyId);
    const segment = async (id: number) =>
      `coalesce(${compileSegment(await segmentConditions(db, audience.companyId, id), { params, attributes })}, false)`;
    const inList = (ids: number[]) =>
      `exists (select 1 from list_members m where m.company_id = $1 and m.contact_id = c.id
                 and m.list_id = any(${params.add(ids)}::bigint[]))`;
    const include = [
      ...(audience.includeLists.length ? [inList(audience.includeLists)] : []),
      ...(await Promise.all(audience.includeSegments.map(segment))),
    ];
    const exclude = [
      ...(audience.excludeLists.length ? [inList(audience.excludeLists)] : []),
      ...(await Promise.all(audience.excludeSegments.map(segment))),
    ];
    candidates = `select c.id, ${address} as address, c.blocked_at from contacts c
       where c.company_id = $1 and c.anonymised_at is null
         and (${include.length ? include.join(' or ') : 'false'})
         ${exclude.length ? `and not (${exclude.join(' or ')})` : ''}`;
  }
  const { rows } = await db.query<{ matched: number; kept: number; batches: number }>(
    `with candidates as (${candidates}),
     addressed as (select distinct on (lower(address)) id, address, blocked_at from candidates
                    where address is not null order by lower(address), id),
     kept as (select a.id, a.address from addressed a
               where a.blocked_at is null
                 and not exists (select 1 from channel_blocklist b
                                  where b.company_id = $1 and b.channel = $3 and b.address = a.address)),
     inserted as (
       insert into message_recipients (company_id, message_id, contact_id, address, batch)
       select $1, $2, id, address, ((row_number() over (order by id)) - 1) / $4 from kept
       on conflict do nothing
       returning batch)
     select (select count(*) from addressed)::int as matched, (select count(*) from inserted)::int as kept,
            coalesce((select max(batch) + 1 from inserted), 0)::int as batches`,
    params.values,
  );
  const { matched, kept, batches } = rows[0]!;
  await db.query(
    `update messages set recipients_total = $3, recipients_excluded = $4 where company_id = $1 and id = $2`,
    [audience.companyId, audience.messageId, kept, matched - kept],
  );
  return { total: kept, excluded: matched - kept, batches };
}
