import type { AssetContentType } from '../../../shared/templates.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Reads an image's pixel size from its header, for the four types the asset library keeps (the type is already known
 * from the content). Null when the header is cut short or malformed: the image is still stored, without a size.
 */
export function imageSize(data: Buffer, type: AssetContentType): ImageSize | null {
  try {
    switch (type) {
      case 'image/png':
        // Signature (8 bytes), then the IHDR chunk: length, "IHDR", width, height (big-endian).
        return data.toString('latin1', 12, 16) === 'IHDR' ? size(data.readUInt32BE(16), data.readUInt32BE(20)) : null;
      case 'image/gif':
        // "GIF89a" then the logical screen width and height (little-endian).
        return size(data.readUInt16LE(6), data.readUInt16LE(8));
      case 'image/webp':
        return webpSize(data);
      case 'image/jpeg':
        return jpegSize(data);
    }
  } catch {
    return null; // a read past the end: the header is cut short
  }
}

const size = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null);

/** RIFF….WEBP, then one of the three chunk kinds: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return size(data.readUInt16LE(26) & 0x3fff, data.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return size(data.readUIntLE(24, 3) + 1, data.readUIntLE(27, 3) + 1);
  return null;
}

/** Walks the JPEG markers to the first start-of-frame (SOF0…SOF15 except DHT, JPG and DAC), which holds the size. */
function jpegSize(data: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return size(data.readUInt16BE(offset + 7), data.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}
