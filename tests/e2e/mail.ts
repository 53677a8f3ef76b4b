import { simpleParser, type ParsedMail } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { serverInfo } from './fixtures.ts';

/** Mail the e2e server holds: the outbox rows in its database and what its capturing SMTP server received. */

export function database() {
  const { dataDir, pgPort } = serverInfo();
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/missiva`,
  });
}

/** The sender verification link emailed to `address`, from the outbox row (as senders.spec reads it). */
export async function verificationLink(address: string): Promise<string> {
  const db = database();
  await db.connect();
  try {
    const { rows } = await db.query<{ text_body: string }>(
      `select text_body from outbox where to_address = $1 and kind = 'sender_verification' order by id desc limit 1`,
      [address],
    );
    const link = /https?:\/\/\S+/.exec(rows[0]?.text_body ?? '')?.[0];
    if (!link) throw new Error(`no verification mail for ${address}`);
    return link;
  } finally {
    await db.end();
  }
}

/** Every message the capturing SMTP server holds for `address`, parsed. */
export async function capturedFor(address: string): Promise<ParsedMail[]> {
  const { mailDir } = serverInfo();
  const found: ParsedMail[] = [];
  for (const file of readdirSync(mailDir).filter((f) => f.endsWith('.eml'))) {
    const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (to.some((t) => t.value.some((v) => v.address === address))) found.push(mail);
  }
  return found;
}

/** A person's browser, not a link scanner: the tracking recorder counts its opens and clicks. */
export const READER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The e2e server's tracking URLs of one path shape (TRACKING_PATHS.open / .click), the token as any token. */
export function trackedUrls(shape: (token: string) => string): RegExp {
  const { baseURL } = serverInfo();
  return new RegExp((baseURL + shape('TOKEN')).replace(/[.?]/g, '\\$&').replace('TOKEN', '[A-Za-z0-9_-]+'), 'g');
}
