import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { forTenant, type Scope } from '../scope.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { attributeDefs } from './attributes.ts';
import { csvRows } from './csv.ts';
import { downloadPath, signDownload, verifyDownload } from './downloads.ts';
import { selectionClauses, type ContactSelection } from './query.ts';
import { iso, SqlParams } from './sql.ts';
import type { AttributeValue } from './values.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { progressOf, TASKS } from '../../../shared/jobs.ts';
import { enqueue } from '../../jobs/enqueue.ts';

type ExportRow = components['schemas']['ContactExport'];
type StoredExport = Omit<ExportRow, 'downloadUrl'> & { companyId: string };

const EXPORT_BATCH_ROWS = 5000;
const COLUMNS = `id, company_id as "companyId", status, rows_total as "rowsTotal", rows_done as "rowsDone", error,
  ${iso('created_at')} as "createdAt", ${iso('finished_at')} as "finishedAt"`;

function present(scope: Scope, row: StoredExport): ExportRow {
  const { companyId, ...rest } = row;
  const downloadUrl =
    row.status === 'finished'
      ? downloadPath('export', row.id, signDownload(scope.config.secret, 'export', companyId, row.id))
      : null;
  return { ...rest, downloadUrl };
}

export async function getExport(scope: Scope, id: number): Promise<ExportRow> {
  const { rows } = await scope.db.query<StoredExport>(
    `select ${COLUMNS} from contact_exports where company_id = $1 and id = $2`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return present(scope, rows[0]);
}

export async function listExports(
  scope: Scope,
  page: number,
  perPage: number,
): Promise<{ rows: ExportRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    scope.db.query<StoredExport>(
      `select ${COLUMNS} from contact_exports where company_id = $1 order by id desc limit ${perPage} offset ${(page - 1) * perPage}`,
      [scope.companyId],
    ),
    scope.db.query<{ total: number }>('select count(*)::int as total from contact_exports where company_id = $1', [
      scope.companyId,
    ]),
  ]);
  return { rows: rows.map((r) => present(scope, r)), total: count.rows[0]?.total ?? 0 };
}

/** Checks the selection and the attribute columns, records the export and queues its job in one transaction. */
export async function createExport(
  scope: Scope,
  input: { selection: ContactSelection; attributeIds?: number[] },
): Promise<ExportRow> {
  await selectionClauses(scope.db, scope.companyId, input.selection, new SqlParams([scope.companyId]));
  const defs = await attributeDefs(scope.db, scope.companyId);
  const attributeIds = input.attributeIds ? [...new Set(input.attributeIds)] : null;
  if (attributeIds?.some((id) => !defs.has(id))) throw invalid({ attributeIds: [FIELD_TEXTS.attributeMissing] });
  const id = await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      'insert into contact_exports (company_id, user_id, selection, attribute_ids) values ($1, $2, $3, $4) returning id',
      [scope.companyId, scope.userId, JSON.stringify(input.selection), attributeIds],
    );
    const exportId = rows[0]!.id;
    await enqueue(db, TASKS.exportContacts, { companyId: scope.companyId, exportId });
    return exportId;
  });
  return getExport(scope, id);
}

export function exportFile(scope: Scope, id: number): string {
  return path.join(scope.config.dataDir, 'exports', scope.companyId, `contacts-${id}.csv`);
}

interface ExportedContact {
  id: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_prefix: string | null;
  phone_number: string | null;
  country: string | null;
  language: string | null;
  address: string | null;
  attributes: Record<string, AttributeValue>;
  blocked: boolean;
  created_at: string;
}

/**
 * Writes the export file (UTF-8 with BOM, one header row, one row per contact in id order), walking the selection
 * by id in batches so memory stays flat. A retry rewrites the file from the start.
 */
export async function runExport(scope: Scope, exportId: number): Promise<'finished' | 'skipped'> {
  const { companyId } = scope;
  const claimed = await scope.db.query<{ selection: ContactSelection; attribute_ids: number[] | null }>(
    `update contact_exports set status = 'running', rows_done = 0 where company_id = $1 and id = $2 and status in ('queued', 'running') returning selection, attribute_ids`,
    [companyId, exportId],
  );
  const job = claimed.rows[0];
  if (!job) return 'skipped';
  const defs = await attributeDefs(scope.db, companyId);
  const columns = (job.attribute_ids?.map(Number) ?? [...defs.keys()].sort((a, b) => a - b)).flatMap((id) =>
    defs.has(id) ? [defs.get(id)!] : [],
  );
  const params = new SqlParams([companyId]);
  const where = (await selectionClauses(scope.db, companyId, job.selection, params)).join(' and ');
  const total =
    (await scope.db.query<{ n: number }>(`select count(*)::int as n from contacts c where ${where}`, params.values))
      .rows[0]?.n ?? 0;
  await scope.db.query('update contact_exports set rows_total = $3 where company_id = $1 and id = $2', [
    companyId,
    exportId,
    total,
  ]);
  const progress = (processed: number, status: 'running' | 'finished') =>
    scope.realtime.toCompany(companyId, 'job.progressed', {
      ...progressOf.contactExport(exportId),
      processed,
      total,
      status,
    });

  const file = exportFile(scope, exportId);
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const header = [
    'Email',
    'First name',
    'Last name',
    'Phone prefix',
    'Phone number',
    'Country',
    'Language',
    'Address',
    'Blocklisted',
    'Created at',
    ...columns.map((d) => d.name),
  ];
  await write(`\ufeff${csvRows([header])}`);
  let after = 0;
  let done = 0;
  const last = `$${params.values.length + 1}`;
  for (;;) {
    const { rows } = await scope.db.query<ExportedContact>(
      `select c.id, c.email::text as email, c.first_name, c.last_name, c.phone_prefix, c.phone_number, c.country, c.language, c.address, c.attributes,
              c.blocked_at is not null as blocked, ${iso('c.created_at')} as created_at
         from contacts c where ${where} and c.id > ${last}::bigint order by c.id limit ${EXPORT_BATCH_ROWS}`,
      [...params.values, after],
    );
    if (!rows.length) break;
    await write(
      csvRows(
        rows.map((r) => [
          r.email,
          r.first_name,
          r.last_name,
          r.phone_prefix,
          r.phone_number,
          r.country,
          r.language,
          r.address,
          r.blocked ? 'yes' : 'no',
          r.created_at,
          ...columns.map((d) => r.attributes[String(d.id)]),
        ]),
      ),
    );
    done += rows.length;
    after = rows[rows.length - 1]!.id;
    await scope.db.query('update contact_exports set rows_done = $3 where company_id = $1 and id = $2', [
      companyId,
      exportId,
      done,
    ]);
    progress(done, 'running');
  }
  out.end();
  await once(out, 'finish');
  await scope.db.query(
    `update contact_exports set status = 'finished', file_path = $3, rows_done = $4, finished_at = now() where company_id = $1 and id = $2`,
    [companyId, exportId, file, done],
  );
  progress(done, 'finished');
  return 'finished';
}

export async function failExport(scope: Scope, exportId: number, error: unknown): Promise<void> {
  scope.log.error({ err: error, exportId }, 'contact export failed');
  await scope.db.query(
    `update contact_exports set status = 'failed', error = $3, finished_at = now() where company_id = $1 and id = $2`,
    [scope.companyId, exportId, 'The download could not be prepared.'],
  );
  scope.realtime.toCompany(scope.companyId, 'job.progressed', {
    ...progressOf.contactExport(exportId),
    processed: 0,
    total: null,
    status: 'failed',
  });
}

/** The finished file for a valid signed link; the link names the company, whose scope the file is read in. */
export async function exportDownload(
  ctx: AppContext,
  id: number,
  token: string,
): Promise<{ fileName: string; size: number; body: Readable }> {
  const companyId = verifyDownload(ctx.config.secret, 'export', id, token);
  const scope = forTenant(ctx, { companyId, userId: null });
  const { rows } = await scope.db.query<{ status: string; file_path: string | null }>(
    'select status, file_path from contact_exports where company_id = $1 and id = $2',
    [companyId, id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (row.status !== 'finished' || !row.file_path)
    throw conflict('export_not_ready', 'This download is not ready yet.');
  const { size } = await stat(row.file_path).catch(() => {
    throw notFound();
  });
  return { fileName: `contacts-${id}.csv`, size, body: createReadStream(row.file_path) };
}
