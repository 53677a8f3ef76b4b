import { Readable } from 'node:stream';
import type { components } from '../../../../shared/contract/schema.d.ts';
import { TRACKING_WINDOW_HOURS, type Channel } from '../../../../shared/messaging.ts';
import { DRAFT_NAMES, type ReportFilterName } from '../../../../shared/reports.ts';
import { decodeCursor, encodeCursor } from '../../../http/cursor.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { csvRows } from '../../contacts/csv.ts';
import { iso, likeEscape, SqlParams } from '../../contacts/sql.ts';
import type { Scope } from '../../scope.ts';
import { campaignRow } from './console.ts';

type MessageReport = components['schemas']['MessageReport'];
type ReportLink = components['schemas']['ReportLink'];
type ReportTimelineBucket = components['schemas']['ReportTimelineBucket'];
type ReportRecipient = components['schemas']['ReportRecipient'];
type CampaignRow = components['schemas']['CampaignRow'];

interface Head {
  id: number;
  channel: Channel;
  name: string;
  subject: string | null;
  status: MessageReport['status'];
  sentAt: string | null;
  finishedAt: string | null;
  recipients: number;
  excluded: number;
}

/** The campaign a report is about, on the channel of its path; another channel's or company's id is not found. */
async function head(scope: Scope, channel: Channel, id: number): Promise<Head> {
  const { rows } = await scope.db.query<Head>(
    `select id::int, channel, name, subject, status, ${iso('sent_at')} as "sentAt",
            ${iso('finished_at')} as "finishedAt", recipients_total as recipients, recipients_excluded as excluded
       from messages where company_id = $1 and channel = $2 and id = $3`,
    [scope.companyId, channel, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * A campaign's summary. Delivery, unsubscribes, bounces, complaints and what is still pending (and why) are counted
 * over its recipients' rows; opens and clicks over its events, per type and human/machine in one pass over
 * `message_events_report_idx`, so human opens and the recipients opened only by machines are told apart.
 */
export async function messageReport(scope: Scope, channel: Channel, id: number): Promise<MessageReport> {
  const message = await head(scope, channel, id);
  const [states, events, machineOnly] = await Promise.all([
    scope.db.query<Record<string, number>>(
      `select count(*)::int as total,
              count(*) filter (where state in ('sent', 'delivered'))::int as delivered,
              count(*) filter (where state = 'not_delivered')::int as "notDelivered",
              count(*) filter (where state = 'skipped')::int as blocklisted,
              count(*) filter (where unsubscribed_at is not null)::int as unsubscribed,
              count(*) filter (where bounced_at is not null)::int as bounced,
              count(*) filter (where complained_at is not null)::int as complained,
              count(*) filter (where state = 'deferred')::int as deferred,
              count(*) filter (where state = 'pending' and next_attempt_at > now())::int as waiting,
              count(*) filter (where state = 'pending' and (next_attempt_at is null or next_attempt_at <= now()))::int
                as queued
         from message_recipients where company_id = $1 and message_id = $2`,
      [scope.companyId, id],
    ),
    scope.db.query<{ type: string; machine: boolean; n: number; recipients: number }>(
      `select type, machine, count(*)::int as n, count(distinct recipient_id)::int as recipients
         from message_events where company_id = $1 and message_id = $2 and type in ('opened', 'clicked')
        group by type, machine`,
      [scope.companyId, id],
    ),
    scope.db.query<{ n: number }>(
      `select count(distinct e.recipient_id)::int as n
         from message_events e
        where e.company_id = $1 and e.message_id = $2 and e.type = 'opened' and e.machine
          and not exists (select 1 from message_events h where h.company_id = $1 and h.message_id = $2
                            and h.type = 'opened' and not h.machine and h.recipient_id = e.recipient_id)`,
      [scope.companyId, id],
    ),
  ]);
  const s = states.rows[0]!;
  const human = (type: string) => events.rows.find((e) => e.type === type && !e.machine);
  const opened = human('opened')?.recipients ?? 0;
  const clicked = human('clicked')?.recipients ?? 0;
  const delivered = s.delivered!;
  // Recipients are frozen when sending starts; before that the row count is the campaign's own total.
  const recipients = Math.max(message.recipients, s.total!);
  return {
    ...message,
    recipients,
    delivered,
    notDelivered: s.notDelivered!,
    opened,
    openedMachine: machineOnly.rows[0]!.n,
    opens: human('opened')?.n ?? 0,
    clicked,
    clicks: human('clicked')?.n ?? 0,
    unsubscribed: s.unsubscribed!,
    blocklisted: s.blocklisted!,
    bounced: s.bounced!,
    complained: s.complained!,
    pending: {
      total: s.queued! + s.deferred! + s.waiting!,
      queued: s.queued!,
      deferred: s.deferred!,
      waiting: s.waiting!,
      paused: message.status === 'paused',
    },
    rates: {
      delivered: ratio(delivered, recipients),
      opened: ratio(opened, delivered),
      clicked: ratio(clicked, delivered),
      unsubscribed: ratio(s.unsubscribed!, delivered),
      bounced: ratio(s.bounced!, recipients),
      complained: ratio(s.complained!, delivered),
    },
  };
}

/** Human clicks per link of the content, in the content's order (links nobody clicked included). */
export async function reportLinks(scope: Scope, channel: Channel, id: number): Promise<ReportLink[]> {
  await head(scope, channel, id);
  const { rows } = await scope.db.query<ReportLink>(
    `select l.idx, l.url, coalesce(c.clicks, 0)::int as clicks, coalesce(c.clickers, 0)::int as clickers
       from message_links l
       left join (select link_idx, count(*) as clicks, count(distinct recipient_id) as clickers
                    from message_events where company_id = $1 and message_id = $2 and type = 'clicked' and not machine
                   group by link_idx) c on c.link_idx = l.idx
      where l.company_id = $1 and l.message_id = $2
      order by l.idx`,
    [scope.companyId, id],
  );
  return rows;
}

/**
 * Opens and clicks over time: hour by hour for the first TRACKING_WINDOW_HOURS after sending (every hour present,
 * empty ones as zero, so the chart's axis is even), then one bucket per day that has events.
 */
export async function reportTimeline(scope: Scope, channel: Channel, id: number): Promise<ReportTimelineBucket[]> {
  const message = await head(scope, channel, id);
  if (!message.sentAt) return [];
  const { rows } = await scope.db.query<ReportTimelineBucket>(
    `with start as (select date_trunc('hour', $3::timestamptz) as at),
     hours as (
       select s.at + make_interval(hours => h) as at from start s, generate_series(0, $4::int - 1) h),
     events as (
       select case when e.created_at < s.at + make_interval(hours => $4::int)
                   then date_trunc('hour', e.created_at) else date_trunc('day', e.created_at) end as at,
              e.created_at < s.at + make_interval(hours => $4::int) as early,
              count(*) filter (where e.type = 'opened' and not e.machine) as opens,
              count(*) filter (where e.type = 'clicked' and not e.machine) as clicks,
              count(*) filter (where e.type = 'opened' and e.machine) as machine_opens
         from message_events e, start s
        where e.company_id = $1 and e.message_id = $2 and e.type in ('opened', 'clicked')
        group by 1, 2)
     select ${iso('b.at')} as at, b.unit, b.opens::int, b.clicks::int, b."machineOpens"::int from (
       select h.at, 'hour' as unit, coalesce(e.opens, 0) as opens, coalesce(e.clicks, 0) as clicks,
              coalesce(e.machine_opens, 0) as "machineOpens"
         from hours h left join events e on e.early and e.at = h.at
       union all
       select e.at, 'day', e.opens, e.clicks, e.machine_opens from events e where not e.early) b
     order by b.at, b.unit desc`,
    [scope.companyId, id, message.sentAt, TRACKING_WINDOW_HOURS],
  );
  return rows;
}

/** The condition of each report filter over a recipient alias `r`; each is inclusive (a clicker has opened too). */
const FILTER_SQL: Record<ReportFilterName, string> = {
  all: 'true',
  pending: "r.state in ('pending', 'deferred')",
  delivered: "r.state in ('sent', 'delivered')",
  not_delivered: "r.state = 'not_delivered'",
  opened: 'r.opened_at is not null',
  not_opened: "r.state in ('sent', 'delivered') and r.opened_at is null",
  clicked: 'r.clicked_at is not null',
  unsubscribed: 'r.unsubscribed_at is not null',
  blocklisted: "r.state = 'skipped'",
  bounced: 'r.bounced_at is not null',
  complained: 'r.complained_at is not null',
};

/** A recipient's state as the report shows it: unsubscribed over clicked over opened over delivered. */
const STATE_SQL = `case when r.state in ('pending', 'deferred') then 'pending'
  when r.state = 'skipped' then 'blocklisted' when r.state = 'not_delivered' then 'not_delivered'
  when r.unsubscribed_at is not null then 'unsubscribed' when r.clicked_at is not null then 'clicked'
  when r.opened_at is not null then 'opened' else 'delivered' end`;

const RECIPIENT_COLUMNS = `r.id::int as id, r.address::text as address, r.contact_id::int as "contactId",
  ${STATE_SQL} as state, r.state as "deliveryState", r.provider_response as "providerResponse",
  ${iso('r.sent_at')} as "sentAt", ${iso('r.opened_at')} as "openedAt", ${iso('r.clicked_at')} as "clickedAt"`;

export interface RecipientQuery {
  filter?: ReportFilterName | undefined;
  q?: string | undefined;
}

function recipientWhere(scope: Scope, id: number, query: RecipientQuery) {
  const params = new SqlParams([scope.companyId, id]);
  const where = ['r.company_id = $1', 'r.message_id = $2', FILTER_SQL[query.filter ?? 'all']];
  const q = query.q?.trim();
  if (q) where.push(`r.address::text ilike ${params.add(`%${likeEscape(q)}%`)}`);
  return { params, where };
}

/**
 * A page of a campaign's recipients by filter, in the order they were frozen, through the recipients' primary key
 * (company, message, id); pages continue after a row's id. The total is the filter's count over this one campaign.
 */
export async function reportRecipients(
  scope: Scope,
  channel: Channel,
  id: number,
  query: RecipientQuery & { cursor?: string | undefined },
  page: number,
  perPage: number,
) {
  await head(scope, channel, id);
  const { params, where } = recipientWhere(scope, id, query);
  const countSql = `select count(*)::int as n from message_recipients r where ${where.join(' and ')}`;
  const countValues = [...params.values];
  let offset = (page - 1) * perPage;
  if (query.cursor !== undefined) {
    where.push(`r.id > ${params.add(decodeCursor('recipients', query.cursor))}`);
    offset = 0;
  }
  const [read, count] = await Promise.all([
    scope.db.query<ReportRecipient>(
      `select ${RECIPIENT_COLUMNS} from message_recipients r where ${where.join(' and ')}
        order by r.id limit ${perPage + 1} offset ${offset}`,
      params.values,
    ),
    scope.db.query<{ n: number }>(countSql, countValues),
  ]);
  const rows = read.rows.slice(0, perPage);
  const nextCursor = read.rows.length > perPage ? encodeCursor('recipients', rows.at(-1)!.id) : null;
  return { rows, total: count.rows[0]!.n, nextCursor };
}

/** Rows per statement of a CSV export: the file streams a slice at a time, never the whole campaign in memory. */
const EXPORT_SLICE = 5000;
export const RECIPIENT_CSV_HEADER = ['address', 'state', 'delivery_state', 'sent_at', 'opened_at', 'clicked_at',
  'provider_response'];

/**
 * The recipients of a filter as CSV, streamed: read in slices of EXPORT_SLICE after the last id (keyset), each slice
 * written as it arrives, so a 100,000-recipient export holds one slice in memory. The campaign is checked first, so
 * an unknown id answers 404 before any byte is sent.
 */
export async function exportRecipients(scope: Scope, channel: Channel, id: number, query: RecipientQuery) {
  const message = await head(scope, channel, id);
  async function* lines() {
    yield `\ufeff${csvRows([RECIPIENT_CSV_HEADER])}`;
    let after = 0;
    for (;;) {
      const { params, where } = recipientWhere(scope, id, query);
      where.push(`r.id > ${params.add(after)}`);
      const { rows } = await scope.db.query<ReportRecipient>(
        `select ${RECIPIENT_COLUMNS} from message_recipients r where ${where.join(' and ')}
          order by r.id limit ${EXPORT_SLICE}`,
        params.values,
      );
      if (rows.length) {
        yield csvRows(
          rows.map((r) => [r.address, r.state, r.deliveryState, r.sentAt, r.openedAt, r.clickedAt, r.providerResponse]),
        );
      }
      if (rows.length < EXPORT_SLICE) return;
      after = rows.at(-1)!.id;
    }
  }
  const slug = message.name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'campaign';
  return { fileName: `${slug}-${query.filter ?? 'all'}.csv`, body: Readable.from(lines()) };
}

/**
 * "Resend to non-openers": a new draft with the campaign's content, sender and recipients' choice, naming it as its
 * parent with the filter `not_opened` (the sending engine freezes the parent's recipients who did not open). Only a
 * campaign that has sent something can be resent.
 */
export async function resendToNonOpeners(scope: Scope, channel: Channel, id: number): Promise<CampaignRow> {
  const parent = await head(scope, channel, id);
  if (!['sending', 'paused', 'sent', 'cancelled'].includes(parent.status)) {
    throw conflict('not_sent', 'Only a campaign that has been sent can be resent to its non-openers.');
  }
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into messages (company_id, channel, name, type, category, subject, preview_text, from_name, sender_id,
                           reply_to, template_id, design, source, html, text_body, embed_images, mirror_link,
                           include_lists, include_segments, exclude_lists, exclude_segments, parent_id, resend_filter,
                           created_by)
     select company_id, channel, $4, type, category, subject, preview_text, from_name, sender_id,
            reply_to, template_id, design, source, html, text_body, embed_images, mirror_link,
            include_lists, include_segments, exclude_lists, exclude_segments, id, 'not_opened', $5
       from messages where company_id = $1 and channel = $2 and id = $3
     returning id::int`,
    [scope.companyId, channel, id, DRAFT_NAMES.resend(parent.name), scope.userId],
  );
  return (await campaignRow(scope, channel, rows[0]!.id))!;
}
