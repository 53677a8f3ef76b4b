import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../../context.ts';
import type { PoolClient } from '../../../db/pool.ts';
import { attributeDefs } from '../attributes.ts';
import type { ColumnTarget } from './mapping.ts';
import { isBlank, readRecords, type ImportFormat, type TextEncoding } from './reader.ts';
import { readRow, type ImportedContact, type RowError } from './rows.ts';

/** Rows written per transaction: the unit of progress and of resumption after a crash. */
export const IMPORT_BATCH_ROWS = 5000;
const PROGRESS_INTERVAL_MS = 250;

interface ImportJob {
  id: number;
  company_id: string;
  status: string;
  file_path: string;
  format: ImportFormat;
  encoding: TextEncoding | null;
  delimiter: string | null;
  headers: string[];
  mapping: ColumnTarget[];
  list_ids: number[];
  update_existing: boolean;
  blocklist: boolean;
  rows_done: number;
  estimated_rows: number | null;
}

interface BatchOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

const STAGE_COLUMNS = ['idx', 'email', 'first_name', 'last_name', 'phone_prefix', 'phone_number', 'country', 'language', 'address', 'attributes'] as const;

/** COPY text format: tab-separated, \N for null, backslash escapes. */
function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function copyLine(index: number, c: ImportedContact): string {
  return (
    [index, c.email, c.first_name, c.last_name, c.phone_prefix, c.phone_number, c.country, c.language, c.address, JSON.stringify(c.attributes)]
      .map(copyField)
      .join('\t') + '\n'
  );
}

/** Later rows for the same email update earlier ones: non-empty values win, attributes merge. */
function merge(into: ImportedContact, row: ImportedContact): void {
  for (const key of ['first_name', 'last_name', 'phone_prefix', 'phone_number', 'country', 'language', 'address'] as const) {
    if (row[key] !== null) into[key] = row[key];
  }
  Object.assign(into.attributes, row.attributes);
}

/**
 * Writes one batch in one transaction: COPY into a temporary staging table, drop rows whose phone number belongs
 * to another contact, upsert by (company, email) and add the contacts to the target lists in one statement, then
 * store the row errors and move the resume cursor. Either all of it commits or none of it does, so a crash resumes
 * at the first uncommitted batch and never writes a row twice.
 */
async function writeBatch(db: PoolClient, job: ImportJob, records: { row: number; record: string[] }[], rowsDone: number, defs: Awaited<ReturnType<typeof attributeDefs>>): Promise<BatchOutcome> {
  const errors: RowError[] = [];
  const phoneIndex = job.mapping.findIndex((t) => t.target === 'phoneNumber');
  const phoneColumn = phoneIndex === -1 ? null : (job.headers[phoneIndex] ?? null);
  const byEmail = new Map<string, { contact: ImportedContact; row: number; duplicates: number }>();
  let skipped = 0;
  let failedRows = 0;
  for (const { row, record } of records) {
    const outcome = readRow(record, row, job.mapping, job.headers, defs);
    if ('errors' in outcome) {
      errors.push(...outcome.errors);
      failedRows += 1;
      continue;
    }
    const existing = byEmail.get(outcome.contact.key);
    if (!existing) byEmail.set(outcome.contact.key, { contact: outcome.contact, row, duplicates: 0 });
    else if (job.update_existing) {
      merge(existing.contact, outcome.contact);
      existing.duplicates += 1;
    } else skipped += 1;
  }
  // Two emails of this batch claiming the same phone number: the first keeps it.
  const phones = new Map<string, string>();
  const staged: { contact: ImportedContact; row: number; duplicates: number }[] = [];
  for (const entry of byEmail.values()) {
    const { phone_prefix, phone_number } = entry.contact;
    if (phone_number) {
      const phone = `${phone_prefix}:${phone_number}`;
      if (phones.has(phone)) {
        errors.push({ row: entry.row, column: phoneColumn, reason: 'phone number already in use' });
        failedRows += 1 + entry.duplicates;
        continue;
      }
      phones.set(phone, entry.contact.key);
    }
    staged.push(entry);
  }
  await db.query('begin');
  try {
    await db.query(
      `create temp table if not exists contact_import_stage (idx integer, email text, first_name text, last_name text, phone_prefix text,
         phone_number text, country text, language text, address text, attributes jsonb) on commit delete rows`,
    );
    const lines = staged.map((entry, index) => copyLine(index, entry.contact));
    await pipeline(Readable.from(lines.length ? [lines.join('')] : []), db.query(copyFrom(`copy contact_import_stage (${STAGE_COLUMNS.join(', ')}) from stdin`)));
    // Fresh statistics, so the planner probes the contacts' indexes per staged row instead of scanning the table.
    await db.query('analyze contact_import_stage');
    const taken = await db.query<{ idx: number }>(
      `delete from contact_import_stage s using contacts c
        where s.phone_number is not null and c.company_id = $1 and c.phone_prefix = s.phone_prefix and c.phone_number = s.phone_number
          and c.email is distinct from s.email::citext
        returning s.idx`,
      [job.company_id],
    );
    for (const { idx } of taken.rows) {
      const entry = staged[idx]!;
      errors.push({ row: entry.row, column: phoneColumn, reason: 'phone number already in use' });
      failedRows += 1 + entry.duplicates;
    }
    const conflictAction = job.update_existing
      ? `do update set first_name = coalesce(excluded.first_name, c.first_name), last_name = coalesce(excluded.last_name, c.last_name),
           phone_prefix = coalesce(excluded.phone_prefix, c.phone_prefix), phone_number = coalesce(excluded.phone_number, c.phone_number),
           country = coalesce(excluded.country, c.country), language = coalesce(excluded.language, c.language),
           address = coalesce(excluded.address, c.address), attributes = c.attributes || excluded.attributes,
           blocked_at = case when $3::boolean then coalesce(c.blocked_at, now()) else c.blocked_at end, updated_at = now()`
      : 'do nothing';
    const { rows } = await db.query<{ created: number; touched: number; idxs: number[] }>(
      `with up as (
         insert into contacts as c (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes, blocked_at)
         select $1, s.email, s.first_name, s.last_name, s.phone_prefix, s.phone_number, s.country, s.language, s.address, s.attributes,
                case when $3::boolean then now() end
           from contact_import_stage s order by s.idx
         on conflict (company_id, email) ${conflictAction}
         returning c.id, (xmax = 0) as inserted),
       members as (
         insert into list_members (company_id, list_id, contact_id)
         select l.company_id, l.id, up.id from up cross join lists l where l.company_id = $1 and l.id = any($2::bigint[])
         on conflict do nothing)
       select count(*) filter (where inserted)::int as created, count(*)::int as touched from up`,
      [job.company_id, job.list_ids, job.blocklist],
    );
    const created = rows[0]?.created ?? 0;
    const touched = rows[0]?.touched ?? 0;
    const stagedCount = staged.length - taken.rows.length;
    const duplicatesMerged = staged.reduce((n, e) => n + e.duplicates, 0) - taken.rows.reduce((n, { idx }) => n + staged[idx]!.duplicates, 0);
    const outcome: BatchOutcome = {
      created,
      // Updated: existing contacts written, plus later rows of the file that updated a contact written earlier.
      updated: touched - created + duplicatesMerged,
      // Skipped (update off): rows whose contact already existed, and repeated emails of the file.
      skipped: skipped + (stagedCount - touched),
      failed: failedRows,
    };
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      await db.query(
        `insert into contact_import_errors (company_id, import_id, row_number, column_name, reason)
         select $1, $2, * from unnest($3::int[], $4::text[], $5::text[])`,
        [job.company_id, job.id, errors.map((e) => e.row), errors.map((e) => e.column), errors.map((e) => e.reason)],
      );
    }
    await db.query(
      `update contact_imports set rows_done = $3, created_count = created_count + $4, updated_count = updated_count + $5,
              skipped_count = skipped_count + $6, failed_count = failed_count + $7 where company_id = $1 and id = $2`,
      [job.company_id, job.id, rowsDone, outcome.created, outcome.updated, outcome.skipped, outcome.failed],
    );
    await db.query('commit');
    return outcome;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}

export type ImportRunResult = 'finished' | 'failed' | 'skipped';

/**
 * Runs (or resumes) one import: streams the file, skips the rows a previous run committed, writes batches of
 * IMPORT_BATCH_ROWS rows while the next batch is being read, and reports progress over realtime. A file that can no
 * longer be read fails the import for good; a database error is thrown so the job is retried and resumes.
 */
export async function runImport(ctx: AppContext, companyId: string, importId: number): Promise<ImportRunResult> {
  const { rows } = await ctx.pool.query<ImportJob>(
    `update contact_imports set status = 'running', started_at = coalesce(started_at, now())
      where company_id = $1 and id = $2 and status in ('queued', 'running')
      returning id, company_id, status, file_path, format, encoding, delimiter, headers, mapping, list_ids, update_existing, blocklist, rows_done, estimated_rows`,
    [companyId, importId],
  );
  const job = rows[0];
  if (!job) return 'skipped';
  job.list_ids = job.list_ids.map(Number);
  const defs = await attributeDefs(ctx.pool, companyId);
  const total = job.estimated_rows;
  let lastEmit = 0;
  const emit = (processed: number, status: 'running' | 'finished' | 'failed') => {
    const now = Date.now();
    if (status === 'running' && now - lastEmit < PROGRESS_INTERVAL_MS) return;
    lastEmit = now;
    ctx.realtime.toCompany(companyId, 'job.progressed', { jobId: `contact-import:${importId}`, kind: 'contacts.import', processed, total: status === 'finished' ? processed : total, status });
  };

  const client = await ctx.pool.connect();
  const records = readRecords(job.file_path, { format: job.format, encoding: job.encoding, delimiter: job.delimiter })[Symbol.asyncIterator]();
  let broken: Error | undefined;
  try {
    let index = -1; // record number: 0 is the header, data rows count from 1
    let committed = job.rows_done;
    let batch: { row: number; record: string[] }[] = [];
    let inflight: Promise<void> | undefined;
    // Writes the batch read so far while the caller goes on reading the next one.
    const flush = async () => {
      await inflight;
      const cursor = index;
      const write = writeBatch(client, job, batch, cursor, defs).then(() => {
        committed = cursor;
        emit(committed, 'running');
      });
      write.catch(() => undefined); // awaited by the next flush or at the end
      inflight = write;
      batch = [];
    };
    for (;;) {
      let next: IteratorResult<string[]>;
      try {
        next = await records.next();
      } catch (error) {
        await inflight;
        ctx.log.warn({ err: error, importId }, 'contact import file unreadable');
        await failImport(ctx, job, 'The file could not be read.');
        emit(committed, 'failed');
        return 'failed';
      }
      if (next.done) break;
      index += 1;
      if (index === 0 || index <= job.rows_done) continue; // the header, or rows a previous run committed
      if (!isBlank(next.value)) batch.push({ row: index + 1, record: next.value });
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    if (batch.length || index > job.rows_done) await flush();
    await inflight;
    await ctx.pool.query(`update contact_imports set status = 'finished', finished_at = now(), estimated_rows = rows_done where company_id = $1 and id = $2`, [
      companyId,
      importId,
    ]);
    emit(committed, 'finished');
    return 'finished';
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    await records.return?.(undefined).catch(() => undefined);
    client.release(broken);
  }
}

async function failImport(ctx: AppContext, job: Pick<ImportJob, 'company_id' | 'id'>, reason: string): Promise<void> {
  await ctx.pool.query(`update contact_imports set status = 'failed', error = $3, finished_at = now() where company_id = $1 and id = $2`, [job.company_id, job.id, reason]);
}

/** Marks an import failed after its last attempt (the job's retries are exhausted). */
export async function giveUpImport(ctx: AppContext, companyId: string, importId: number, error: unknown): Promise<void> {
  ctx.log.error({ err: error, importId }, 'contact import failed');
  await failImport(ctx, { company_id: companyId, id: importId }, 'The import stopped on an unexpected error.');
  ctx.realtime.toCompany(companyId, 'job.progressed', { jobId: `contact-import:${importId}`, kind: 'contacts.import', processed: 0, total: null, status: 'failed' });
}
