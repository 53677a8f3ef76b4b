import type { Queryable } from '../../db/tenant.ts';
import { SqlParams } from '../contacts/sql.ts';
import { audienceQuery, type ResendFilter } from './audience.ts';
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
  resendFilter: ResendFilter | null;
}

export interface Frozen {
  /** Recipients kept (message_recipients rows). */
  total: number;
  /** Addresses matched but left out: blocked contacts, the channel's blocklist (bounces, complaints, unsubscribes). */
  excluded: number;
  /** Batches numbered 0…batches-1. */
  batches: number;
}

/**
 * Freezes a campaign's recipients into message_recipients in one set-based statement, from the same SQL the wizard
 * counts (`audienceQuery` in audience.ts: included lists and segments minus the excluded ones, or a resend's
 * filtered parent recipients, one row per distinct address); blocked contacts and blocklisted addresses are counted
 * and left out. Rows are numbered into batches of SEND_BATCH_SIZE in contact order. Run inside the send's transaction.
 */
export async function freezeRecipients(db: Queryable, audience: Audience): Promise<Frozen> {
  const query = await audienceQuery(db, audience.companyId, audience.channel, audience, { withExcluded: true });
  const params = new SqlParams(query.params);
  const messageId = params.add(audience.messageId);
  const batchSize = params.add(SEND_BATCH_SIZE);
  const { rows } = await db.query<{ matched: number; kept: number; batches: number }>(
    `with addressed as (${query.sql}),
     kept as (select contact_id as id, address from addressed where not excluded),
     inserted as (
       insert into message_recipients (company_id, message_id, contact_id, address, batch)
       select $1, ${messageId}, id, address, ((row_number() over (order by id)) - 1) / ${batchSize} from kept
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
