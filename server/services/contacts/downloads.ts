import { createHmac } from 'node:crypto';
import { gone, HttpError } from '../../http/errors.ts';
import { safeEqual } from '../security/crypto.ts';

export type DownloadKind = 'import-errors' | 'export' | 'userflow-predictions';
const TTL_MS = 60 * 60 * 1000;

function mac(secret: string, kind: DownloadKind, companyId: string, id: number, expires: number): string {
  return createHmac('sha256', `missiva:downloads:${secret}`)
    .update(`${kind}:${companyId}:${id}:${expires}`)
    .digest('base64url');
}

/**
 * A link token for one file, valid for an hour: the company, the expiry and an HMAC of both with the file's kind
 * and id. Browsers can follow such a link without the bearer header.
 */
export function signDownload(
  secret: string,
  kind: DownloadKind,
  companyId: string,
  id: number,
  now = Date.now(),
): string {
  const expires = Math.floor((now + TTL_MS) / 1000);
  return `${companyId}.${expires}.${mac(secret, kind, companyId, id, expires)}`;
}

const invalidLink = () => new HttpError(403, 'download_link_invalid', 'This download link is not valid.');

/** The company a valid token was signed for; 403 when it is forged or for another file, 410 once expired. */
export function verifyDownload(secret: string, kind: DownloadKind, id: number, token: string): string {
  const [companyId, expiresText, signature] = token.split('.');
  const expires = Number(expiresText);
  if (!companyId || !signature || !Number.isInteger(expires)) throw invalidLink();
  const expected = mac(secret, kind, companyId, id, expires);
  if (!safeEqual(Buffer.from(signature), Buffer.from(expected))) throw invalidLink();
  if (expires * 1000 < Date.now())
    throw gone('download_link_expired', 'This download link has expired. Please ask for a new one.');
  return companyId;
}

export const downloadPath = (kind: DownloadKind, id: number, token: string) =>
  kind === 'export'
    ? `/api/contact-exports/${id}/file?token=${encodeURIComponent(token)}`
    : `/api/contact-imports/${id}/errors?token=${encodeURIComponent(token)}`;
