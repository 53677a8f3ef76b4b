import { generateKeyPair } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import type { Queryable } from '../../db/tenant.ts';
import { notFound } from '../../http/errors.ts';
import { encrypt } from '../security/crypto.ts';
import type { Scope } from '../scope.ts';
import type { components } from '../../../shared/contract/schema.d.ts';

/**
 * Sending domains: one per domain a company's senders use, created with the first sender of that domain. Each holds a
 * 2048-bit RSA DKIM key (the private key sealed with the server key, the public key published in DNS), the DKIM
 * selector, and the return-path host `bounces.<domain>` bounces come back to (its MX points at BOUNCE_HOST). "Check
 * DNS" looks the four records up and keeps, per record, found, missing or wrong.
 */

export type DnsRecord = components['schemas']['DnsRecord'];
export type SendingDomain = components['schemas']['SendingDomain'];
type RecordKind = DnsRecord['kind'];

/** The DKIM selector of every generated key; a later key rotation takes the next number. */
export const DKIM_SELECTOR = 'missiva1';
/** The return-path host of a domain: the subdomain VERP bounces are addressed to. */
export const returnPathHostOf = (domain: string) => `bounces.${domain}`;
/** The DMARC record we advise (monitoring only); any valid DMARC record counts as found. */
const DMARC_ADVICE = 'v=DMARC1; p=none';

const generateRsa = promisify(generateKeyPair);

/** A new DKIM key pair: the private key as PKCS#8 PEM (nodemailer's shape), the public key as base64 SPKI DER. */
export async function generateDkimKey(): Promise<{ privateKeyPem: string; publicKeyBase64: string }> {
  const { privateKey, publicKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}

/** The domain of an email address, lower-cased. */
export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * The id of the company's sending domain `domain`, created with a fresh DKIM key when it has none. Runs inside the
 * caller's transaction; two senders of a new domain added at once end with one row (the unique index decides).
 */
export async function ensureSendingDomain(scope: Scope, db: Queryable, domain: string): Promise<number> {
  const existing = await db.query<{ id: number }>(
    'select id from sending_domains where company_id = $1 and domain = $2',
    [scope.companyId, domain],
  );
  if (existing.rows[0]) return existing.rows[0].id;
  const key = await generateDkimKey();
  const inserted = await db.query<{ id: number }>(
    `insert into sending_domains
       (company_id, domain, dkim_selector, dkim_private_key, dkim_public_key, return_path_host)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (company_id, domain) do update set domain = excluded.domain returning id`,
    [
      scope.companyId,
      domain,
      DKIM_SELECTOR,
      encrypt(scope.config.secret, key.privateKeyPem),
      key.publicKeyBase64,
      returnPathHostOf(domain),
    ],
  );
  return inserted.rows[0]!.id;
}

interface DomainRow {
  id: number;
  domain: string;
  dkim_selector: string;
  dkim_public_key: string;
  return_path_host: string;
  dns_records: Partial<Record<RecordKind, { status: DnsRecord['status']; seen: string[] }>>;
  checked_at: string | null;
  created_at: string;
}

const SELECT = `select id, domain, dkim_selector, dkim_public_key, return_path_host, dns_records,
  to_json(checked_at) #>> '{}' as checked_at, to_json(created_at) #>> '{}' as created_at from sending_domains`;

/** The records a domain must publish, in the order the screen lists them. */
export function expectedRecords(
  config: Scope['config'],
  row: Pick<DomainRow, 'domain' | 'dkim_selector' | 'dkim_public_key' | 'return_path_host'>,
): Omit<DnsRecord, 'status' | 'seen'>[] {
  return [
    {
      kind: 'dkim',
      type: 'TXT',
      host: `${row.dkim_selector}._domainkey.${row.domain}`,
      value: `v=DKIM1; k=rsa; p=${row.dkim_public_key}`,
    },
    { kind: 'spf', type: 'TXT', host: row.domain, value: `v=spf1 include:${config.spfInclude} ~all` },
    { kind: 'dmarc', type: 'TXT', host: `_dmarc.${row.domain}`, value: DMARC_ADVICE },
    { kind: 'returnPath', type: 'MX', host: row.return_path_host, value: `10 ${config.bounceHost}` },
  ];
}

function present(config: Scope['config'], row: DomainRow): SendingDomain {
  return {
    id: row.id,
    domain: row.domain,
    keySelector: row.dkim_selector,
    returnPathHost: row.return_path_host,
    records: expectedRecords(config, row).map((record) => ({
      ...record,
      status: row.dns_records[record.kind]?.status ?? 'unchecked',
      seen: row.dns_records[record.kind]?.seen ?? [],
    })),
    checkedAt: row.checked_at,
    createdAt: row.created_at,
  };
}

export async function listSendingDomains(scope: Scope): Promise<SendingDomain[]> {
  const { rows } = await scope.db.query<DomainRow>(`${SELECT} where company_id = $1 order by domain, id`, [
    scope.companyId,
  ]);
  return rows.map((row) => present(scope.config, row));
}

async function domainRow(scope: Scope, domainId: number): Promise<DomainRow> {
  const { rows } = await scope.db.query<DomainRow>(`${SELECT} where company_id = $1 and id = $2`, [
    scope.companyId,
    domainId,
  ]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export async function getSendingDomain(scope: Scope, domainId: number): Promise<SendingDomain> {
  return present(scope.config, await domainRow(scope, domainId));
}

// ── DNS check ──

/** DNS answers that mean "no such record" (as opposed to a server failure). */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/** A lookup's records, [] when the name or type has none; other failures (time-out, SERVFAIL) are thrown. */
async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (ABSENT.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

/** A resolver that asks DNS_SERVERS when set (tests point it at a loopback server), the system's otherwise. */
export function dnsResolver(config: Scope['config']): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  return resolver;
}

/** A DKIM or DMARC record's tags (`v=DKIM1; k=rsa; p=…`), names lower-cased, whitespace inside values removed. */
function tags(record: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) map.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return map;
}

const bareHost = (host: string) => host.toLowerCase().replace(/\.$/, '');

type Verdict = { status: Exclude<DnsRecord['status'], 'unchecked'>; seen: string[] };

function judge(seen: string[], matches: (value: string) => boolean): Verdict {
  if (!seen.length) return { status: 'missing', seen };
  return { status: seen.some(matches) ? 'found' : 'wrong', seen };
}

/** Each record's verdict: found, missing, or wrong (a record is there but another key, an SPF without our include). */
async function checkRecords(config: Scope['config'], row: DomainRow): Promise<Record<RecordKind, Verdict>> {
  const resolver = dnsResolver(config);
  const txt = async (name: string) => (await lookup(() => resolver.resolveTxt(name))).map((chunks) => chunks.join(''));
  const [dkimSeen, rootTxt, dmarcSeen, mx] = await Promise.all([
    txt(`${row.dkim_selector}._domainkey.${row.domain}`),
    txt(row.domain),
    txt(`_dmarc.${row.domain}`),
    lookup(() => resolver.resolveMx(row.return_path_host)),
  ]);
  const spfSeen = rootTxt.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  const include = `include:${config.spfInclude.toLowerCase()}`;
  let returnPathSeen = mx.map((record) => `${record.priority} ${bareHost(record.exchange)}`);
  let returnPathOk = mx.some((record) => bareHost(record.exchange) === bareHost(config.bounceHost));
  if (!mx.length) {
    // A CNAME to the bounce host serves as well: mail to the return path then follows the bounce host's MX.
    const cname = await lookup(() => resolver.resolveCname(row.return_path_host));
    returnPathSeen = cname.map((target) => `CNAME ${bareHost(target)}`);
    returnPathOk = cname.some((target) => bareHost(target) === bareHost(config.bounceHost));
  }
  return {
    dkim: judge(dkimSeen, (value) => tags(value).get('p') === row.dkim_public_key),
    spf: judge(spfSeen, (value) => value.toLowerCase().split(/\s+/).includes(include)),
    dmarc: judge(dmarcSeen, (value) => {
      const t = tags(value);
      return t.get('v') === 'DMARC1' && ['none', 'quarantine', 'reject'].includes((t.get('p') ?? '').toLowerCase());
    }),
    returnPath: returnPathSeen.length
      ? { status: returnPathOk ? 'found' : 'wrong', seen: returnPathSeen }
      : { status: 'missing', seen: [] },
  };
}

/**
 * Looks the domain's records up and stores the verdicts with the time of the check. A DNS server that fails (time-out,
 * SERVFAIL) leaves the record "missing", since nothing could be read; the check can be run again.
 */
export async function checkSendingDomain(scope: Scope, domainId: number): Promise<SendingDomain> {
  const row = await domainRow(scope, domainId);
  let verdicts: Record<RecordKind, Verdict>;
  try {
    verdicts = await checkRecords(scope.config, row);
  } catch (error) {
    scope.log.warn({ err: error, domain: row.domain }, 'DNS check failed');
    const missing: Verdict = { status: 'missing', seen: [] };
    verdicts = { dkim: missing, spf: missing, dmarc: missing, returnPath: missing };
  }
  await scope.db.query(
    'update sending_domains set dns_records = $3, checked_at = now() where company_id = $1 and id = $2',
    [scope.companyId, domainId, JSON.stringify(verdicts)],
  );
  return getSendingDomain(scope, domainId);
}

/**
 * Each record's status from the domain's last check (`unchecked` before the first): what the pre-send checklist's
 * "DKIM found" and "SPF found" items read.
 */
export async function dnsStatuses(scope: Scope, domainId: number): Promise<Record<RecordKind, DnsRecord['status']>> {
  const domain = await getSendingDomain(scope, domainId);
  return Object.fromEntries(domain.records.map((record) => [record.kind, record.status])) as Record<
    RecordKind,
    DnsRecord['status']
  >;
}
