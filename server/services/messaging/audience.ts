import type { Scope } from '../scope.ts';
import { invalid, type FieldErrors } from '../../http/errors.ts';
import { attributeDefs } from '../contacts/attributes.ts';
import { compileSegment } from '../contacts/segments/compile.ts';
import type { SegmentGroup } from '../contacts/segments/types.ts';
import { SqlParams, type Db } from '../contacts/sql.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { MESSAGE_FIELD_TEXTS, type MessageAudience } from '../../../shared/messageDrafts.ts';

/**
 * A contact's address on a channel, as the contacts table spells it: the email, or the phone number in E.164 for the
 * phone channels. Contacts without one are never recipients.
 */
const ADDRESS: Record<Channel, string> = {
  email: 'c.email::text',
  sms: `'+' || c.phone_prefix || c.phone_number`,
  whatsapp: `'+' || c.phone_prefix || c.phone_number`,
};

export interface AudienceQuery {
  /**
   * `select contact_id, address from …`: one row per distinct address; with `withExcluded`, also the blocked and
   * blocklisted addresses, marked by an `excluded` column (the engine counts them).
   */
  sql: string;
  params: unknown[];
}

/** A resend's recipients: the parent's who did not open, did not click, or were not delivered. */
const RESEND_FILTERS = {
  not_opened: `p.opened_at is null and p.state in ('sent', 'delivered')`,
  not_clicked: `p.clicked_at is null and p.state in ('sent', 'delivered')`,
  failed: `p.state = 'not_delivered'`,
} as const;
export type ResendFilter = keyof typeof RESEND_FILTERS;

/** What a message sends to: its lists and segments, or for a resend its parent's recipients that the filter keeps. */
export interface MessageRecipientsSource extends MessageAudience {
  parentId?: number | null;
  resendFilter?: ResendFilter | null;
}

const ids = (value: number[] | undefined) => [...new Set(value ?? [])];

/** The segments' condition trees by id; a missing id is a 422 naming the field. */
async function segmentTrees(db: Db, companyId: string, wanted: number[], field: string, errors: FieldErrors) {
  if (!wanted.length) return [];
  const { rows } = await db.query<{ id: number; conditions: SegmentGroup }>(
    'select id, conditions from segments where company_id = $1 and id = any($2::bigint[])',
    [companyId, wanted],
  );
  if (rows.length !== wanted.length) errors[field] = [MESSAGE_FIELD_TEXTS.segmentMissing];
  return rows.map((row) => row.conditions);
}

async function checkLists(db: Db, companyId: string, wanted: number[], field: string, errors: FieldErrors) {
  if (!wanted.length) return;
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from lists where company_id = $1 and id = any($2::bigint[])',
    [companyId, wanted],
  );
  if (rows[0]?.n !== wanted.length) errors[field] = [FIELD_TEXTS.listMissing];
}

/**
 * The recipients of a message as one SQL statement: contacts in any included list or segment, minus those in an
 * excluded list or segment, minus blocked contacts and addresses on the channel's blocklist, one row per distinct
 * address. The wizard counts it (`countAudience`); the sending engine freezes a campaign's recipients from the same
 * statement (`insert into message_recipients … select … from (sql)`), so what the wizard shows is what is sent.
 * Segments are compiled by the contacts area's compiler; excluded segments are wrapped in coalesce(…, false) before
 * being negated (see compileSegment). Unknown list or segment ids are a 422 naming the field.
 */
export async function audienceQuery(
  db: Db,
  companyId: string,
  channel: Channel,
  audience: MessageRecipientsSource,
  options: { withExcluded?: boolean } = {},
): Promise<AudienceQuery> {
  const address = ADDRESS[channel];
  const blocklisted = `exists (select 1 from channel_blocklist b
                        where b.company_id = $1 and b.channel = $2 and b.address = (${address})::citext)`;
  const excludedColumn = options.withExcluded ? `, (c.blocked_at is not null or ${blocklisted}) as excluded` : '';
  const excludedFilter = options.withExcluded ? '' : `and c.blocked_at is null and not ${blocklisted}`;
  if (audience.parentId && audience.resendFilter) {
    const sql = `select distinct on (address) c.id as contact_id, ${address} as address${excludedColumn}
        from message_recipients p join contacts c on c.company_id = p.company_id and c.id = p.contact_id
       where p.company_id = $1 and p.message_id = $3 and ${RESEND_FILTERS[audience.resendFilter]}
         and c.anonymised_at is null and ${address} is not null ${excludedFilter}
       order by address, c.id`;
    return { sql, params: [companyId, channel, audience.parentId] };
  }
  const includeLists = ids(audience.includeLists);
  const excludeLists = ids(audience.excludeLists);
  const errors: FieldErrors = {};
  await checkLists(db, companyId, includeLists, 'includeLists', errors);
  await checkLists(db, companyId, excludeLists, 'excludeLists', errors);
  const included = await segmentTrees(db, companyId, ids(audience.includeSegments), 'includeSegments', errors);
  const excluded = await segmentTrees(db, companyId, ids(audience.excludeSegments), 'excludeSegments', errors);
  if (Object.keys(errors).length) throw invalid(errors);

  const params = new SqlParams([companyId, channel]);
  const attributes = included.length || excluded.length ? await attributeDefs(db, companyId) : new Map();
  const compile = (tree: SegmentGroup) => compileSegment(tree, { params, attributes, alias: 'c' });
  const inList = (listIds: number[]) =>
    `exists (select 1 from list_members m where m.company_id = $1 and m.contact_id = c.id
              and m.list_id = any(${params.add(listIds)}::bigint[]))`;

  const include = [...(includeLists.length ? [inList(includeLists)] : []), ...included.map(compile)];
  const exclude = [
    ...(excludeLists.length ? [`not ${inList(excludeLists)}`] : []),
    ...excluded.map((tree) => `not coalesce(${compile(tree)}, false)`),
  ];
  const sql = `select distinct on (address) c.id as contact_id, ${address} as address${excludedColumn}
      from contacts c
     where c.company_id = $1
       and (${include.length ? include.join(' or ') : 'false'})
       ${exclude.map((clause) => `and ${clause}`).join('\n       ')}
       and c.anonymised_at is null
       and ${address} is not null
       ${excludedFilter}
     order by address, c.id`;
  return { sql, params: params.values };
}

/** How many distinct addresses a message would reach now (the wizard's live count, the checklist's recipients). */
export async function countAudience(
  scope: Scope,
  channel: Channel,
  audience: MessageRecipientsSource,
): Promise<number> {
  const query = await audienceQuery(scope.db, scope.companyId, channel, audience);
  const { rows } = await scope.db.query<{ count: number }>(
    `select count(*)::int as count from (${query.sql}) a`,
    query.params,
  );
  return rows[0]?.count ?? 0;
}
