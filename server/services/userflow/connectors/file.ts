/**
 * The file source (issue 24 §2): the CSV, XLS or XLSX uploaded for a model (userflow_files, stored by
 * ../files.ts), read in a worker thread (file-thread.ts) through the contacts import readers. Cells are text, an
 * empty cell is null; values.ts types them.
 */
import { access } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import { isBlank, type ImportFormat, type TextEncoding } from '../../contacts/imports/reader.ts';
import type { ConnectorOpener } from './types.ts';
import { ConnectorError, type Connector, type ReadOptions, type SourceRow } from './types.ts';
import type { FileThreadAnswer, FileThreadInput } from './file-thread.ts';

/** The reading thread's heap: SheetJS reads a workbook whole, within the caps the upload already checked. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 32 };

interface StoredFile {
  path: string;
  format: ImportFormat;
  encoding: TextEncoding | null;
  delimiter: string | null;
  headers: string[];
}

/** The records of the file, header first, pulled chunk by chunk from a reading thread that ends with the loop. */
async function* records(file: StoredFile, limit: number | undefined): AsyncGenerator<string[][]> {
  const workerData: FileThreadInput = {
    path: file.path,
    options: { format: file.format, encoding: file.encoding, delimiter: file.delimiter, limit },
  };
  const worker = new Worker(new URL('./file-entry.mjs', import.meta.url), {
    workerData,
    resourceLimits: RESOURCE_LIMITS,
  });
  worker.unref();
  let failure: Error | null = null;
  worker.on('error', (error) => (failure = error));
  const next = () =>
    new Promise<FileThreadAnswer>((resolve, reject) => {
      const onMessage = (answer: FileThreadAnswer) => {
        worker.off('exit', onExit);
        resolve(answer);
      };
      const onExit = () => {
        worker.off('message', onMessage);
        reject(failure ?? new Error('the file reading thread stopped'));
      };
      worker.once('message', onMessage).once('exit', onExit);
      worker.postMessage('next');
    });
  try {
    for (;;) {
      const answer = await next();
      if (answer.type === 'done') return;
      if (answer.type === 'failed') throw new ConnectorError('peer_bad_answer', answer.message.slice(0, 300));
      yield answer.records;
    }
  } finally {
    await worker.terminate();
  }
}

export const openFile: ConnectorOpener = async (scope, modelId) => {
  const { rows } = await scope.db.query<StoredFile>(
    `select file_path as path, format, encoding, delimiter, headers from userflow_files
     where company_id = $1 and model_id = $2`,
    [scope.companyId, modelId],
  );
  const file = rows[0];
  if (!file) throw new ConnectorError('file_missing');
  const { headers } = file;
  const connector: Connector = {
    async test() {
      await access(file.path).catch(() => {
        throw new ConnectorError('file_missing');
      });
    },
    async columns() {
      return headers;
    },
    async *rows(options: ReadOptions = {}) {
      await connector.test();
      const limit = options.limit;
      // The header is the first record: one more record is read to hand over `limit` rows (blank ones are skipped).
      let page: SourceRow[] = [];
      let count = 0;
      let header = true;
      for await (const chunk of records(file, limit === undefined ? undefined : Math.max(limit * 2, limit + 50))) {
        for (const record of chunk) {
          if (header) {
            header = false;
            continue;
          }
          if (isBlank(record)) continue;
          const row: SourceRow = {};
          headers.forEach((name, i) => {
            const cell = record[i] ?? '';
            row[name] = cell.trim() === '' ? null : cell;
          });
          page.push(row);
          count += 1;
          if (page.length >= USERFLOW_LIMITS.pageRows || count === limit) {
            yield page;
            page = [];
          }
          if (count === limit) return;
        }
        if (options.signal?.aborted) throw new ConnectorError('peer_timeout');
      }
      if (page.length) yield page;
    },
    async close() {},
  };
  return connector;
};
