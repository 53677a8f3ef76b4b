import { createReadStream, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import Papa from 'papaparse';

export type ImportFormat = 'csv' | 'xls' | 'xlsx';
export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le';
export const DELIMITERS = [',', ';', '\t'] as const;

/** Reads the first bytes of a file. */
export async function readHead(path: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The format by content, through file-type: XLSX, an OLE2 compound file (XLS), nothing known (delimited text), or
 * `null` for any other known binary format (a PDF, an image, an ODS or another zip).
 */
export async function detectFormat(path: string): Promise<ImportFormat | null> {
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(path);
  if (!found) return 'csv';
  if (found.ext === 'xlsx') return 'xlsx';
  if (found.ext === 'cfb') return 'xls';
  return null;
}

/**
 * UTF-8 (with or without BOM) when the bytes decode as UTF-8, UTF-16LE with its BOM, otherwise Windows-1252. chardet
 * does not fit here: it guesses, and it names a BOM-less UTF-16 file and a short Italian one both ISO-8859-1.
 */
export function detectEncoding(head: Buffer): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  // A multi-byte character may be cut at the end of the sample: drop an incomplete tail before checking.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back]!;
    if ((byte & 0xc0) === 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < need) end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Text looks binary when it holds NUL or many control characters. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  if (sample.includes('\u0000')) return true;
  const controls = sample.match(/[\u0001-\u0008\u000e-\u001f]/g)?.length ?? 0;
  return controls > sample.length / 100 + 2;
}

/** The delimiter papaparse guesses from the first records among DELIMITERS; comma when none splits them. */
export function detectDelimiter(sample: string): string {
  const end = Math.max(sample.lastIndexOf('\n'), sample.lastIndexOf('\r'));
  const whole = end > 0 ? sample.slice(0, end) : sample; // the last line of a sample may be cut
  const options = { delimitersToGuess: [...DELIMITERS], skipEmptyLines: 'greedy' as const, preview: 30 };
  const guess = Papa.parse<string[]>(whole, options);
  return guess.meta.delimiter || ',';
}

function decoder(encoding: TextEncoding): Transform {
  const textDecoder = new TextDecoder(encoding, { ignoreBOM: false });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, textDecoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, textDecoder.decode());
    },
  });
}

export interface ReadOptions {
  format: ImportFormat;
  encoding?: TextEncoding | null;
  delimiter?: string | null;
  /** Stop after this many records (previews). */
  limit?: number;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return value.toISOString().slice(0, 10);
  }
  return String(value);
}

/**
 * The first sheet of a workbook as rows of text (dates as YYYY-MM-DD). Workbooks are read whole: SheetJS does not
 * stream. The sheet's extent comes from its cells, never from its `<dimension>`, which may claim any size.
 */
export async function readWorkbook(path: string, limit?: number): Promise<string[][]> {
  // SheetJS loads with the first spreadsheet, not with every server process.
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(readFileSync(path), {
    type: 'buffer',
    dense: true,
    nodim: true,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    ...(limit ? { sheetRows: limit } : {}),
  });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) return [];
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  return rows.map((row) => row.map(cellText));
}

const CHUNKS_AHEAD = 2;

/**
 * Every record of the file in order, the header first, as arrays of text, a few thousand at a time. CSV streams
 * through papaparse's chunk mode (a chunk of text parsed at once; a record cut by the chunk boundary is completed by
 * the next chunk, quoted newlines included). The file stops flowing while CHUNKS_AHEAD parsed chunks wait for the
 * consumer, so memory stays flat whatever the file size.
 */
export async function* readChunks(path: string, options: ReadOptions): AsyncGenerator<string[][]> {
  if (options.format !== 'csv') {
    const rows = await readWorkbook(path, options.limit);
    const all = options.limit ? rows.slice(0, options.limit) : rows;
    for (let i = 0; i < all.length; i += 5000) yield all.slice(i, i + 5000);
    return;
  }
  const source = createReadStream(path, { highWaterMark: 256 * 1024 });
  const text = source.pipe(decoder(options.encoding ?? 'utf-8'));
  const queue: string[][][] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  source.on('error', (error) => {
    failure = error;
    signal();
  });
  Papa.parse(text as unknown as File, {
    delimiter: options.delimiter ?? ',',
    skipEmptyLines: false,
    chunk: (results: Papa.ParseResult<string[]>) => {
      if (results.data.length) queue.push(results.data);
      if (queue.length >= CHUNKS_AHEAD) text.pause();
      signal();
    },
    complete: () => {
      ended = true;
      signal();
    },
    error: (error: Error) => {
      failure = error;
      signal();
    },
  });
  let count = 0;
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        if (queue.length < CHUNKS_AHEAD && text.isPaused()) text.resume();
        if (options.limit && count + next.length >= options.limit) {
          yield next.slice(0, options.limit - count);
          return;
        }
        count += next.length;
        yield next;
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.destroy();
    text.destroy();
  }
}

/** The records one by one (previews). */
export async function* readRecords(path: string, options: ReadOptions): AsyncGenerator<string[]> {
  for await (const chunk of readChunks(path, options)) yield* chunk;
}

/** A record with nothing but blanks (an empty line, or only delimiters). */
export const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');
