import type { components } from '../../../../shared/contract/schema.d.ts';
import type { Channel } from '../../../../shared/messaging.ts';
import { MESSAGE_LOG_COUNT_CAP } from '../../../../shared/reports.ts';
import { decodeCursor, encodeCursor } from '../../../http/cursor.ts';
import { notFound } from '../../../http/errors.ts';
import { iso, likeEscape, SqlParams } from '../../contacts/sql.ts';
import type { Scope } from '../../scope.ts';
import { plainTextOf, snippetOf } from './replies.ts';

type IncomingMessageRow = components['schemas']['IncomingMessageRow'];
type IncomingMessage = components['schemas']['IncomingMessage'];

/** How much of a body the list reads to make its snippet: enough for the first lines past a quoted header. */
const SNIPPET_SOURCE_CHARS = 4000;

export interface IncomingFilter {
  channel?: Channel | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
}

type Read = Omit<IncomingMessageRow, 'snippet'> & { textPart: string | null; htmlPart: string | null };

/** The columns of a row; `body` chooses how much of the text and HTML parts to read. */
const columns = (body: (column: string) => string) => `i.id::int as id, i.channel, i.from_address::text as "from",
    i.to_address::text as "to", c.id::int as "contactId",
    coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.email::text) as "contactName",
    i.subject, m.id::int as "inReplyToMessageId", m.name as campaign, ${iso('i.received_at')} as "receivedAt",
    ${body('i.text_body')} as "textPart", ${body('i.html')} as "htmlPart"`;

/** The contact and campaign of a row, when they still exist (a deleted contact or campaign leaves the reply). */
const joins = `left join contacts c on c.company_id = i.company_id and c.id = i.contact_id and c.anonymised_at is null
  left join messages m on m.company_id = i.company_id and m.id = i.message_id`;

function toRow({ textPart, htmlPart, ...row }: Read): IncomingMessageRow {
  return { ...row, snippet: snippetOf(plainTextOf(textPart, htmlPart)) };
}

/**
 * A company's incoming messages, newest first, searched in the sender's address and the subject; a page continues
 * after a cursor (the id of the previous page's last row) so a deep page costs what the first does.
 */
export async function listIncomingMessages(scope: Scope, filter: IncomingFilter, page: number, perPage: number) {
  const params = new SqlParams([scope.companyId]);
  const where = ['i.company_id = $1'];
  if (filter.channel) where.push(`i.channel = ${params.add(filter.channel)}`);
  const q = filter.q?.trim();
  if (q) {
    const like = params.add(`%${likeEscape(q)}%`);
    where.push(`(i.from_address::text ilike ${like} or i.subject ilike ${like})`);
  }
  const countSql = `select count(*)::int as n from (select 1 from incoming_messages i where ${where.join(' and ')}
    limit ${MESSAGE_LOG_COUNT_CAP}) capped`;
  const countValues = [...params.values];
  let offset = (page - 1) * perPage;
  if (filter.cursor !== undefined) {
    where.push(`i.id < ${params.add(decodeCursor('incoming', filter.cursor))}`);
    offset = 0;
  }
  const sql = `select ${columns((column) => `left(${column}, ${SNIPPET_SOURCE_CHARS})`)}
    from (select * from incoming_messages i where ${where.join(' and ')}
           order by i.id desc limit ${perPage + 1} offset ${offset}) i
    ${joins}
    order by i.id desc`;
  const [read, count] = await Promise.all([
    scope.db.query<Read>(sql, params.values),
    scope.db.query<{ n: number }>(countSql, countValues),
  ]);
  const rows = read.rows.slice(0, perPage).map(toRow);
  const nextCursor = read.rows.length > perPage ? encodeCursor('incoming', rows.at(-1)!.id) : null;
  return { rows, total: count.rows[0]!.n, nextCursor };
}

/** One incoming message with its whole body as text; another company's id is not found. */
export async function getIncomingMessage(scope: Scope, id: number): Promise<IncomingMessage> {
  const { rows } = await scope.db.query<Read>(
    `select ${columns((column) => column)} from incoming_messages i ${joins} where i.company_id = $1 and i.id = $2`,
    [scope.companyId, id],
  );
  const read = rows[0];
  if (!read) throw notFound();
  return { ...toRow(read), text: plainTextOf(read.textPart, read.htmlPart) };
}
