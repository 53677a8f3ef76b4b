import type { components } from '../../../../shared/contract/schema.d.ts';
import type { Channel, MessageStatus, MessageType } from '../../../../shared/messaging.ts';
import { MESSAGE_LOG_COUNT_CAP } from '../../../../shared/reports.ts';
import { decodeCursor, encodeCursor } from '../../../http/cursor.ts';
import type { Scope } from '../../scope.ts';
import { iso, likeEscape, SqlParams } from '../../contacts/sql.ts';

type CampaignRow = components['schemas']['CampaignRow'];
type MessageLogEntry = components['schemas']['MessageLogEntry'];
type DeliveryState = components['schemas']['DeliveryState'];

export interface CampaignFilter {
  channel?: Channel | undefined;
  q?: string | undefined;
  status?: MessageStatus | undefined;
  type?: MessageType | undefined;
  /** Days (YYYY-MM-DD, UTC) the creation date falls within, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A campaign as the console lists it. Its opens and clicks are counted from its recipients' first open and click
 * times (the tracking endpoints set them), delivered being every recipient the provider accepted and that did not
 * bounce; rates are over delivered.
 */
export const campaignColumns = (m: string) => `${m}.id::int as id, ${m}.channel, ${m}.name, ${m}.subject, ${m}.type,
  ${m}.category, ${m}.status, ${iso(`${m}.created_at`)} as "createdAt", ${iso(`${m}.scheduled_at`)} as "scheduledAt",
  ${iso(`${m}.sent_at`)} as "sentAt", ${m}.recipients_total as recipients,
  coalesce(f.opened, 0)::int as opened, coalesce(f.clicked, 0)::int as clicked,
  case when coalesce(f.delivered, 0) = 0 then 0 else f.opened::float8 / f.delivered end as "openRate",
  case when coalesce(f.delivered, 0) = 0 then 0 else f.clicked::float8 / f.delivered end as "clickRate"`;

/** The per-campaign figures, for a lateral join on a message alias `m`. */
export const campaignFigures = (m: string) => `left join lateral (
    select count(*) filter (where r.state in ('sent', 'delivered')) as delivered,
           count(*) filter (where r.opened_at is not null) as opened,
           count(*) filter (where r.clicked_at is not null) as clicked
      from message_recipients r
     where r.company_id = ${m}.company_id and r.message_id = ${m}.id and ${m}.status <> 'draft') f on true`;

/** A page of the console: newest first, filtered, with the figures of each campaign on the page only. */
export async function listCampaigns(scope: Scope, filter: CampaignFilter, page: number, perPage: number) {
  const params = new SqlParams([scope.companyId]);
  const where = ['m.company_id = $1'];
  if (filter.channel) where.push(`m.channel = ${params.add(filter.channel)}`);
  if (filter.status) where.push(`m.status = ${params.add(filter.status)}`);
  if (filter.type) where.push(`m.type = ${params.add(filter.type)}`);
  if (filter.from) where.push(`m.created_at >= ${params.add(filter.from)}::date::timestamptz`);
  if (filter.to) where.push(`m.created_at < (${params.add(filter.to)}::date + 1)::timestamptz`);
  const q = filter.q?.trim();
  if (q) {
    const like = params.add(`%${likeEscape(q)}%`);
    where.push(`(m.name ilike ${like} or coalesce(m.subject, '') ilike ${like})`);
  }
  const sql = `with page as (
      select m.*, count(*) over () as total from messages m where ${where.join(' and ')}
       order by m.created_at desc, m.id desc limit ${perPage} offset ${(page - 1) * perPage})
    select ${campaignColumns('m')}, m.total::int as total from page m ${campaignFigures('m')}
     order by m.created_at desc, m.id desc`;
  const { rows } = await scope.db.query<CampaignRow & { total: number }>(sql, params.values);
  const total = rows[0]?.total ?? (page > 1 ? await countCampaigns(scope, where, params) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

/** The total of a filter whose page came back empty (a page past the end still reports how many there are). */
async function countCampaigns(scope: Scope, where: string[], params: SqlParams) {
  const { rows } = await scope.db.query<{ n: number }>(
    `select count(*)::int as n from messages m where ${where.join(' and ')}`,
    params.values,
  );
  return rows[0]!.n;
}

/** One campaign of the console by id, on its channel (another channel's or company's id is not found). */
export async function campaignRow(scope: Scope, channel: Channel, id: number): Promise<CampaignRow | undefined> {
  const { rows } = await scope.db.query<CampaignRow>(
    `select ${campaignColumns('m')} from messages m ${campaignFigures('m')}
      where m.company_id = $1 and m.channel = $2 and m.id = $3`,
    [scope.companyId, channel, id],
  );
  return rows[0];
}

export interface LogFilter {
  channel?: Channel | undefined;
  q?: string | undefined;
  state?: DeliveryState | undefined;
  cursor?: string | undefined;
}

/**
 * A page of the message log: every campaign's recipients, newest first by id. Pages continue after the last row's id
 * through `message_recipients_log_idx` (or its per-state twin), so a page deep in the log reads only its own rows; a
 * page number skips rows instead, which is fine near the start. The total is counted up to MESSAGE_LOG_COUNT_CAP.
 */
export async function listMessageLog(scope: Scope, filter: LogFilter, page: number, perPage: number) {
  const params = new SqlParams([scope.companyId]);
  const where = ['r.company_id = $1'];
  if (filter.state) where.push(`r.state = ${params.add(filter.state)}`);
  if (filter.channel) {
    where.push(`exists (select 1 from messages c where c.company_id = r.company_id and c.id = r.message_id
      and c.channel = ${params.add(filter.channel)})`);
  }
  const q = filter.q?.trim();
  if (q) where.push(`r.address::text ilike ${params.add(`%${likeEscape(q)}%`)}`);
  const countSql = `select count(*)::int as n from (select 1 from message_recipients r where ${where.join(' and ')}
    limit ${MESSAGE_LOG_COUNT_CAP}) capped`;
  const countValues = [...params.values];
  let offset = (page - 1) * perPage;
  if (filter.cursor !== undefined) {
    where.push(`r.id < ${params.add(decodeCursor('messagelog', filter.cursor))}`);
    offset = 0;
  }
  const sql = `select r.id::int as id, r.message_id::int as "messageId", m.channel, m.name as campaign,
      r.address::text as address, r.contact_id::int as "contactId", r.state, r.provider_response as "providerResponse",
      ${iso('r.sent_at')} as "sentAt", r.attempts::int as attempts
    from (select * from message_recipients r where ${where.join(' and ')}
           order by r.id desc limit ${perPage + 1} offset ${offset}) r
    join messages m on m.company_id = r.company_id and m.id = r.message_id
    order by r.id desc`;
  const [read, count] = await Promise.all([
    scope.db.query<MessageLogEntry>(sql, params.values),
    scope.db.query<{ n: number }>(countSql, countValues),
  ]);
  const rows = read.rows.slice(0, perPage);
  const nextCursor = read.rows.length > perPage ? encodeCursor('messagelog', rows.at(-1)!.id) : null;
  return { rows, total: count.rows[0]!.n, nextCursor };
}
