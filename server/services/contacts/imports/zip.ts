import { createInflateRaw } from 'node:zlib';
import { IMPORT_LIMITS, LimitExceeded } from './limits.ts';

/**
 * Checks a spreadsheet's zip before anything inflates it for real: the sizes its central directory declares, then the
 * sizes its entries actually inflate to (streamed and counted, never held, stopped at the cap), so neither an honest
 * bomb nor one whose headers lie reaches the spreadsheet reader. Then the first sheet's rows that hold a value are
 * counted, since the sheet's `<dimension>` may claim any size. No zip reader among the dependencies bounds what it
 * inflates (yauzl's validateEntrySizes would): the format's two records read here are all the check needs.
 */

export class BadZip extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function entries(zip: Buffer): Entry[] {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new BadZip('no central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const list: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new BadZip('broken central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    list.push({
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return list;
}

function compressed(zip: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new BadZip(`no local header for ${entry.name}`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw new BadZip(`${entry.name} is cut`);
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * Inflates one entry chunk by chunk, handing each to `onChunk`; stops as soon as the output passes what the whole file
 * may still expand to (the cap). An entry that ends at another size than it declared is a damaged file.
 */
async function inflate(zip: Buffer, entry: Entry, budget: number, onChunk?: (chunk: Buffer) => void): Promise<number> {
  const data = compressed(zip, entry);
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new BadZip(`${entry.name} is not the size it declares`);
    onChunk?.(data);
    return data.length;
  }
  if (entry.method !== 8) throw new BadZip(`${entry.name} uses compression method ${entry.method}`);
  const inflater = createInflateRaw({ chunkSize: 1024 * 1024 });
  let total = 0;
  return new Promise<number>((resolve, reject) => {
    const stop = (error: Error) => {
      inflater.destroy();
      reject(error);
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) return stop(new LimitExceeded('unpackedBytes'));
      onChunk?.(chunk);
    });
    inflater.on('error', (error) => stop(new BadZip(`${entry.name}: ${error.message}`)));
    inflater.on('end', () =>
      total === entry.size ? resolve(total) : reject(new BadZip(`${entry.name} is not the size it declares`)),
    );
    inflater.end(data);
  });
}

async function text(zip: Buffer, entry: Entry | undefined, budget: number): Promise<string> {
  if (!entry) return '';
  const parts: Buffer[] = [];
  await inflate(zip, entry, budget, (chunk) => parts.push(chunk));
  return Buffer.concat(parts).toString('utf8');
}

/** The zip path of the workbook's first sheet: the first `<sheet>` of xl/workbook.xml through its relationship. */
async function firstSheetPath(zip: Buffer, byName: Map<string, Entry>, budget: number): Promise<string | undefined> {
  const workbook = await text(zip, byName.get('xl/workbook.xml'), budget);
  const id = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (!id) return undefined;
  const rels = await text(zip, byName.get('xl/_rels/workbook.xml.rels'), budget);
  for (const match of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    if (!match[0].includes(`Id="${id}"`)) continue;
    const target = /Target="([^"]+)"/.exec(match[0])?.[1];
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
  }
  return undefined;
}

const TOKEN = /<(\/?)(?:\w+:)?(row|v|t)(?=[\s>/])([^>]*)>/g;

/**
 * Counts the `<row>` elements of a sheet's XML that hold a value (a `<v>` or `<t>` with text), fed chunk by chunk in
 * one pass: a tag cut by a chunk's end waits for the next chunk.
 */
function rowCounter() {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let rows = 0;
  let inRow = false;
  let hasValue = false;
  return {
    feed(chunk: Buffer) {
      const xml = carry + decoder.decode(chunk, { stream: true });
      carry = '';
      TOKEN.lastIndex = 0;
      let consumed = 0;
      for (let match = TOKEN.exec(xml); match; match = TOKEN.exec(xml)) {
        const [, close, tag, rest] = match;
        const selfClosing = rest!.endsWith('/');
        if (tag === 'row') {
          if (close) {
            if (inRow && hasValue) rows += 1;
            inRow = false;
          } else if (!selfClosing) {
            inRow = true;
            hasValue = false;
          }
        } else if (!close && !selfClosing && inRow) {
          if (TOKEN.lastIndex === xml.length) {
            carry = xml.slice(match.index); // its text is in the next chunk
            return;
          }
          if (xml[TOKEN.lastIndex] !== '<') hasValue = true;
        }
        consumed = TOKEN.lastIndex;
      }
      const open = xml.lastIndexOf('<');
      if (open >= consumed) carry = xml.slice(open);
    },
    get rows() {
      return rows;
    },
  };
}

/**
 * Checks an XLSX file's zip (declared sizes, then actual ones) against IMPORT_LIMITS.unpackedBytes and answers the
 * number of rows of its first sheet that hold a value. Throws LimitExceeded over the cap, BadZip for a damaged file.
 */
export async function checkSpreadsheetZip(zip: Buffer): Promise<{ rows: number }> {
  const list = entries(zip);
  const cap = IMPORT_LIMITS.unpackedBytes;
  let declared = 0;
  for (const entry of list) declared += entry.size;
  if (declared > cap) throw new LimitExceeded('unpackedBytes');
  const byName = new Map(list.map((e) => [e.name, e]));
  const sheet = await firstSheetPath(zip, byName, cap);
  let budget = cap;
  for (const entry of list) budget -= await inflate(zip, entry, budget);
  // Sizes proven, the first sheet is inflated once more to count its rows.
  const counter = rowCounter();
  const first = sheet === undefined ? undefined : byName.get(sheet);
  if (first) await inflate(zip, first, cap, (chunk) => counter.feed(chunk));
  return { rows: counter.rows };
}
