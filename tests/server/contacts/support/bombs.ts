// Hostile uploads built in the test: an XLSX whose sheet inflates to hundreds of MB (declaring it or lying), and a
// CSV whose header has a million columns.
import { randomBytes } from 'node:crypto';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

/** A zip of deflated entries; `declare` overrides the uncompressed size written in the headers. */
function zip(entries: (ZipEntry & { declare?: number })[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declare ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function small(name: string, text: string): ZipEntry {
  const data = Buffer.from(text);
  return { name, data: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A sheet of `megabytes` MB: one real row, then rows of repeated text with a little noise so it does not shrink to nothing. */
async function hugeSheet(megabytes: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = (text: string) => {
    const data = Buffer.from(text);
    crc = crc32(data, crc);
    size += data.length;
    deflate.write(data);
  };
  write(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
  );
  write('<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>email</t></is></c></row>');
  const filler = '<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c></row>'.repeat(16_000);
  for (let mb = 0; mb < megabytes; mb++) {
    write(filler);
    write(`<!--${randomBytes(1800).toString('base64')}-->`);
  }
  write('</sheetData></worksheet>');
  deflate.end();
  await finished;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(parts), crc: crc >>> 0, size };
}

/**
 * Two XLSX files whose first sheet inflates to about `megabytes` MB: one says so in its headers, the other's headers
 * claim 64 kB.
 */
export async function xlsxBombs(megabytes: number): Promise<{ honest: Buffer; lying: Buffer }> {
  const sheet = await hugeSheet(megabytes);
  return { honest: xlsx(sheet), lying: xlsx({ ...sheet, declare: 64 * 1024 }) };
}

function xlsx(sheet: ZipEntry & { declare?: number }): Buffer {
  return zip([
    small(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    small(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    small(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    small(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

/** A CSV whose header names `columns` columns, with one data row. */
export function wideCsv(columns: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
  return `${header}\nsomeone@example.com\n`;
}
