import { emitWebhookEvent } from '../../integrations/outbox.ts';
import type { Pool, PoolClient } from '../../../db/pool.ts';
import type { Scope } from '../../scope.ts';
import { attributeDefs } from '../attributes.ts';
import { writeBatch, type BatchJob, type CheckedRow } from './batch.ts';
import { copyFields } from './copy.ts';
import { releaseFile } from './files.ts';
import { isBlank, readChunks, type ImportFormat, type TextEncoding } from './reader.ts';
import { readRow } from './rows.ts';
import { progressOf } from '../../../../shared/jobs.ts';

/** Rows written per transaction: the unit of progress and of resumption after a crash. */
export const IMPORT_BATCH_ROWS = 10_000;
const PROGRESS_INTERVAL_MS = 250;
/** Refresh the planner's statistics after this many new contacts, or half the company's size if that is more. */
const ANALYZE_EVERY_ROWS = 20_000;

interface ImportJob extends BatchJob {
  status: string;
  file_path: string;
  format: ImportFormat;
  encoding: TextEncoding | null;
  delimiter: string | null;
  rows_done: number;
  estimated_rows: number | null;
}

/** `paused`: the process is shutting down; the import stopped after its last committed batch, to be resumed. */
export type ImportRunResult = 'finished' | 'failed' | 'skipped' | 'paused';

/** Opens the connection an import writes its batches on (see `importWriter`). */
export type BatchConnection = () => Promise<PoolClient>;

/**
 * A named system path: an import writes its batches on the owner's pool, not through the company's bound role.
 * Row-level security's per-row checks cost the bulk writes more than the bulk path may lose (figures in
 * docs/benchmarks.md). Every statement of `writeBatch` names the job's company,
 * and the import's other statements (claiming the job, its progress, its end) run bound to that company.
 */
export function importWriter(systemPool: Pool): BatchConnection {
  return () => systemPool.connect();
}

async function failImport(scope: Scope, job: { company_id: string; id: number }, reason: string): Promise<void> {
  await scope.db.query(
    `update contact_imports set status = 'failed', error = $3, finished_at = now() where company_id = $1 and id = $2`,
    [job.company_id, job.id, reason],
  );
  await releaseFile(scope.db, job.company_id, job.id);
}

/**
 * Runs (or resumes) one import: streams the file, skips the rows a previous run committed, checks each row while the
 * previous batch is being written, writes batches of IMPORT_BATCH_ROWS rows, and reports progress over realtime.
 * A file that can no longer be read fails the import for good; a database error is thrown, so the job is retried
 * and resumes after the last committed batch.
 */
export async function runImport(
  scope: Scope,
  importId: number,
  writer: BatchConnection,
  /** Asked after each batch is written: true when the process is shutting down (the worker's graceful stop). */
  stopping: () => boolean = () => false,
): Promise<ImportRunResult> {
  const { companyId } = scope;
  const { rows } = await scope.db.query<ImportJob>(
    `update contact_imports set status = 'running', started_at = coalesce(started_at, now())
      where company_id = $1 and id = $2 and status in ('queued', 'running')
      returning id, company_id, user_id, status, file_path, format, encoding, delimiter, headers, mapping, list_ids, update_existing, blocklist, rows_done, estimated_rows`,
    [companyId, importId],
  );
  const job = rows[0];
  if (!job) return 'skipped';
  job.list_ids = job.list_ids.map(Number);
  const defs = await attributeDefs(scope.db, companyId);
  let lastEmit = 0;
  const emit = (processed: number, status: 'running' | 'finished' | 'failed') => {
    const now = Date.now();
    if (status === 'running' && now - lastEmit < PROGRESS_INTERVAL_MS) return;
    lastEmit = now;
    const total = status === 'finished' ? processed : job.estimated_rows;
    scope.realtime.toCompany(companyId, 'job.progressed', {
      ...progressOf.contactImport(importId),
      processed,
      total,
      status,
    });
  };

  // Statistics: a company growing by a million contacts leaves the planner's figures far behind (it would scan the
  // whole company to show a page of fifty). The import refreshes them as it goes, as autovacuum would, only sooner.
  const counted = await scope.db.query<{ total: number }>('select total from contact_counters where company_id = $1', [
    companyId,
  ]);
  let analyzedAt = counted.rows[0]?.total ?? 0;
  let createdSince = 0;

  const client = await writer();
  const chunks = readChunks(job.file_path, { format: job.format, encoding: job.encoding, delimiter: job.delimiter })[
    Symbol.asyncIterator
  ]();
  let broken: Error | undefined;
  try {
    let index = -1; // record number: 0 is the header, data rows count from 1
    let committed = job.rows_done;
    let batch: CheckedRow[] = [];
    let inflight: Promise<void> | undefined;
    // Starts writing the rows checked so far; the caller goes on reading and checking the next ones meanwhile.
    const flush = async () => {
      await inflight;
      const cursor = index;
      const write = writeBatch(client, job, batch, cursor).then(async (outcome) => {
        committed = cursor;
        emit(committed, 'running');
        createdSince += outcome.created;
        if (createdSince >= Math.max(ANALYZE_EVERY_ROWS, analyzedAt * 0.5)) {
          // Not behind autovacuum: when it holds the table, it is refreshing the same figures.
          await client
            .query(`begin; set local lock_timeout = '50ms'; analyze contacts; analyze list_members; commit`)
            .catch(async () => {
              await client.query('rollback');
            });
          analyzedAt += createdSince;
          createdSince = 0;
        }
      });
      write.catch(() => undefined); // awaited by the next flush or at the end
      inflight = write;
      batch = [];
    };
    for (;;) {
      let next: IteratorResult<string[][]>;
      try {
        next = await chunks.next();
      } catch (error) {
        await inflight;
        scope.log.warn({ err: error, importId }, 'contact import file unreadable');
        await failImport(scope, job, 'The file could not be read.');
        emit(committed, 'failed');
        return 'failed';
      }
      if (next.done) break;
      for (const record of next.value) {
        // Let the database's answers for the batch being written through now and then.
        if (index % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
        index += 1;
        if (index === 0 || index <= job.rows_done) continue; // the header, or rows a previous run committed
        if (!isBlank(record)) {
          const checked = readRow(record, index + 1, job.mapping, job.headers, defs);
          if ('contact' in checked) {
            checked.contact.fields = copyFields(checked.contact);
            batch.push({ row: index + 1, contact: checked.contact });
          } else batch.push({ row: index + 1, errors: checked.errors });
        }
        if (batch.length >= IMPORT_BATCH_ROWS) {
          await flush();
          // A graceful stop: the batch in hand is written, the rest waits for the next run, which resumes after it.
          if (stopping()) {
            await inflight;
            return 'paused';
          }
        }
      }
    }
    if (batch.length || index > job.rows_done) await flush();
    await inflight;
    await scope.db.transaction(async (db) => {
      const { rows: done } = await db.query<Record<'created' | 'updated' | 'skipped' | 'failed', number>>(
        `update contact_imports set status = 'finished', finished_at = now(), estimated_rows = rows_done
          where company_id = $1 and id = $2
          returning created_count as created, updated_count as updated, skipped_count as skipped,
                    failed_count as failed`,
        [companyId, importId],
      );
      // One webhook event per import with its counts, never one per row.
      await emitWebhookEvent(db, companyId, 'import.completed', { importId, ...done[0] });
    });
    emit(committed, 'finished');
    await releaseFile(scope.db, companyId, importId);
    return 'finished';
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    await chunks.return?.(undefined).catch(() => undefined);
    client.release(broken);
  }
}

/** Marks an import failed after its last attempt (the job's retries are exhausted). */
export async function giveUpImport(scope: Scope, importId: number, error: unknown): Promise<void> {
  scope.log.error({ err: error, importId }, 'contact import failed');
  await failImport(scope, { company_id: scope.companyId, id: importId }, 'The import stopped on an unexpected error.');
  scope.realtime.toCompany(scope.companyId, 'job.progressed', {
    ...progressOf.contactImport(importId),
    processed: 0,
    total: null,
    status: 'failed',
  });
}
