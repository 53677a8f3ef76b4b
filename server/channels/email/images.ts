import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Queryable } from '../../db/tenant.ts';
import { EMBEDDED_IMAGES_MAX_BYTES, MESSAGING_TEXTS } from '../../../shared/messaging.ts';

/**
 * Embedded images: every http(s) image of a campaign inlined as a CID attachment, so it shows without loading
 * remote content. Images of the company's asset library are read from the `assets` table (their URL ends with the
 * asset's token); any other URL is fetched, but never from a private, loopback or link-local address (a campaign
 * must not make the server read its own network).
 */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export const isPrivateAddress = (address: string) =>
  PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') ||
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged by its IPv4 address.
  (/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.test(address) && PRIVATE.check(address.slice(7), 'ipv4'));

export class ImageFetchError extends Error {}

/** A campaign with embedded images over the spec's 5MB (the message is the spec's text). */
export class EmbeddedTooLargeError extends Error {
  constructor() {
    super(MESSAGING_TEXTS.embeddedTooLarge);
  }
}

/** A DNS lookup for http(s).get that refuses private addresses, so the check and the connection use one answer. */
function guardedLookup(
  hostname: string,
  options: object,
  callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) return callback(new ImageFetchError(`refused private address for ${hostname}`), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/** Fetches one public image, at most `maxBytes`, in at most 10 s. */
export function fetchPublicImage(url: string, maxBytes: number): Promise<{ content: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (isIP(target.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(target.hostname.replace(/^\[|\]$/g, '')))
      return reject(new ImageFetchError(`refused private address ${target.hostname}`));
    const get = target.protocol === 'https:' ? https.get : http.get;
    const req = get(target, { lookup: guardedLookup as never, timeout: 10_000 }, (res) => {
      if ((res.statusCode ?? 0) >= 300) {
        res.resume();
        return reject(new ImageFetchError(`image ${url} answered ${res.statusCode}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) req.destroy(new ImageFetchError('image too large'));
        else chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ content: Buffer.concat(chunks), contentType: res.headers['content-type'] ?? 'image/png' }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new ImageFetchError(`image ${url} timed out`)));
    req.on('error', reject);
  });
}

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])(https?:\/\/[^"'{}]+)\2/gi;

/**
 * Replaces each distinct http(s) image of `html` with a `cid:` reference and answers the attachments. Throws
 * `ImageFetchError` for an image that cannot be read; the caller decides what a failed campaign says.
 */
export async function inlineImages(
  db: Queryable,
  companyId: string,
  html: string,
): Promise<{ html: string; images: InlineImage[] }> {
  const urls = [...new Set([...html.matchAll(IMG_SRC)].map((m) => m[3]!.replace(/&amp;/g, '&')))];
  if (urls.length === 0) return { html, images: [] };
  const tokenOf = (url: string) => /\/([A-Za-z0-9_-]{16,})(?:\.[a-z0-9]+)?$/i.exec(new URL(url).pathname)?.[1];
  const tokens = urls.map(tokenOf).filter((t): t is string => Boolean(t));
  const { rows } = await db.query<{ token: string; filename: string; content_type: string; data: Buffer }>(
    'select token, filename, content_type, data from assets where company_id = $1 and token = any($2::text[])',
    [companyId, tokens],
  );
  const assets = new Map(rows.map((r) => [r.token, r]));
  const images: InlineImage[] = [];
  const cidOf = new Map<string, string>();
  let total = 0;
  for (const [i, url] of urls.entries()) {
    const cid = `img${i + 1}@missiva`;
    const asset = assets.get(tokenOf(url) ?? '');
    const image = asset
      ? { content: asset.data, contentType: asset.content_type, filename: asset.filename }
      : { ...(await fetchPublicImage(url, EMBEDDED_IMAGES_MAX_BYTES + 1)), filename: `image${i + 1}` };
    total += image.content.length;
    // Past the limit already: no need to read the rest.
    if (total > EMBEDDED_IMAGES_MAX_BYTES) throw new EmbeddedTooLargeError();
    images.push({ cid, ...image });
    cidOf.set(url, cid);
  }
  const out = html.replace(IMG_SRC, (whole, head: string, quote: string, url: string) => {
    const cid = cidOf.get(url.replace(/&amp;/g, '&'));
    return cid ? `${head}${quote}cid:${cid}${quote}` : whole;
  });
  return { html: out, images };
}
