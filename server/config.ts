import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Role = 'all' | 'api' | 'worker';

/** Runtime configuration, read once from the environment. docs/configuration.md lists every variable. */
export interface Config {
  port: number;
  host: string;
  role: Role;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The application role's connection (not the tables' owner); by default missiva_app on DATABASE_URL's server. */
  appDatabaseUrl: string | undefined;
  /** A loopback TCP port for the embedded PostgreSQL besides its Unix socket in DATA_DIR/postgres; unset: none. */
  embeddedPgPort: number | undefined;
  /** shared_buffers of the embedded PostgreSQL in MB; undefined: sized from the machine's memory. */
  embeddedPgSharedBuffersMb: number | undefined;
  /** Key for signing access tokens and links; generated and kept in DATA_DIR when unset. */
  secret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The host campaign bounces return to (VERP) when the sender's domain names none; by default MAIL_FROM's domain. */
  returnPathDomain: string;
  seed: boolean;
  logLevel: string;
  /** `pretty`: coloured lines for a person at a terminal; `json`: one JSON object a line. */
  logFormat: 'json' | 'pretty';
  accessTokenTtlSeconds: number;
  loginRateLimit: number;
  /** Requests a minute each API key may make (per node); past it 429 with Retry-After. */
  apiKeyRateLimit: number;
  uploadMaxBytes: number;
  trustProxy: boolean;
  productName: string;
  distDir: string;
  /** DNS servers "Check DNS" asks (`host` or `host:port`, comma-separated); empty: the system's resolvers. */
  dnsServers: string[];
  /** The domain a sending domain's SPF record includes (`include:<this>`): the installation's own SPF record. */
  spfInclude: string;
  /** The mail host a sending domain's return-path (`bounces.<domain>`) points at with its MX (or CNAME). */
  bounceHost: string;
  /** The inbound SMTP listener (bounces, complaints, replies): its port, started by the worker role; unset: none. */
  inboundSmtpPort: number | undefined;
  inboundSmtpHost: string;
  /** Largest inbound message accepted (SMTP SIZE); larger ones are refused with 552. */
  inboundSmtpMaxBytes: number;
  /** Addresses registered with mailbox providers' feedback loops: ARF reports sent to them are complaints. */
  inboundFeedbackAddresses: string[];
  /** SendGrid Event Webhook verification key (base64 ECDSA public key); unset: its endpoint answers 404. */
  sendgridWebhookPublicKey: string | undefined;
  /** Mailgun HTTP webhook signing key; unset: its endpoint answers 404. */
  mailgunWebhookSigningKey: string | undefined;
  /**
   * On SIGTERM, how long an HTTP node keeps serving with `/api/ready` at 503 before it closes its listener, so the load
   * balancer's health check sees it leave first (SHUTDOWN_DELAY_MS; by default 5 s for ROLE=api, 0 otherwise).
   */
  shutdownDelayMs: number;
  /** Webhook destinations may resolve to private, loopback and link-local addresses (an intranet install). */
  webhookAllowPrivate: boolean;
  /** Webhook destinations may be plain http:// (otherwise https only). */
  webhookAllowHttp: boolean;
  /**
   * The Google Analytics Data API the UserFlow GA4 source asks (GA4_API_ENDPOINT, by default
   * https://analyticsdata.googleapis.com; a test or a proxy names another, still through the outgoing guard).
   */
  ga4ApiEndpoint: string;
  /** Credits and plan limits (BILLING=off: no balances, no limits; the billing page says billing is off). */
  billing: boolean;
  /**
   * Credits each channel of a new company starts with, as a grant in its ledger (BILLING_STARTING_CREDITS, by default
   * 1,000; 0 for none): a new account can try every channel before the operator tops it up.
   */
  billingStartingCredits: number;
  /** The operator API's key (OPERATOR_KEY); unset: the operator API answers 404. Never logged. */
  operatorKey: string | undefined;
  /**
   * When the website tracker's ingest answers 204 (TRACKER_ACK): `buffered` (default) at once, the events written
   * right after (a crash of the server loses what it buffered: about the last 50 ms of events); `written` after the
   * batch holding its events has committed, so a crash of the server loses no accepted event (half the requests a
   * second of `buffered` or fewer in the bench, docs/benchmarks.md).
   */
  trackerAck: 'written' | 'buffered';
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function trackerAck(value: string | undefined): Config['trackerAck'] {
  if (value === undefined || value === '') return 'buffered';
  if (value === 'written' || value === 'buffered') return value;
  throw new Error(`TRACKER_ACK must be written or buffered, got "${value}"`);
}

function logFormat(value: string | undefined): Config['logFormat'] {
  if (value === undefined || value === '') return process.stdout.isTTY ? 'pretty' : 'json';
  if (value !== 'json' && value !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, got "${value}"`);
  return value;
}

/** Reads a secret kept in DATA_DIR, creating it on first use so restarts keep sessions valid. */
function persistedSecret(dataDir: string, file: string): string {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(full, value + '\n', { mode: 0o600 });
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const role = (env.ROLE ?? 'all') as Role;
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`ROLE must be all, api or worker, got "${role}"`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const port = int(env.PORT, 3000, 'PORT');
  const secret = env.SECRET_KEY && env.SECRET_KEY.length >= 32 ? env.SECRET_KEY : undefined;
  if (env.SECRET_KEY && !secret) throw new Error('SECRET_KEY must be at least 32 characters');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    role,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appDatabaseUrl: env.APP_DATABASE_URL || undefined,
    embeddedPgPort: env.EMBEDDED_PG_PORT ? int(env.EMBEDDED_PG_PORT, 0, 'EMBEDDED_PG_PORT') : undefined,
    embeddedPgSharedBuffersMb: env.EMBEDDED_PG_SHARED_BUFFERS
      ? int(env.EMBEDDED_PG_SHARED_BUFFERS, 128, 'EMBEDDED_PG_SHARED_BUFFERS')
      : undefined,
    secret: secret ?? persistedSecret(dataDir, 'secret-key'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Missiva <no-reply@localhost>',
    returnPathDomain: env.RETURN_PATH_DOMAIN || (/@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM ?? '')?.[1] ?? 'localhost'),
    seed: bool(env.SEED, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 900, 'ACCESS_TOKEN_TTL'),
    loginRateLimit: int(env.LOGIN_RATE_LIMIT, 10, 'LOGIN_RATE_LIMIT'),
    apiKeyRateLimit: int(env.API_KEY_RATE_LIMIT, 600, 'API_KEY_RATE_LIMIT'),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 50 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    trustProxy: bool(env.TRUST_PROXY, false),
    productName: env.PRODUCT_NAME ?? 'Missiva',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    dnsServers: (env.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    spfInclude: env.SPF_INCLUDE || `_spf.${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}`,
    bounceHost: env.BOUNCE_HOST || new URL(env.PUBLIC_URL ?? 'http://localhost').hostname,
    inboundSmtpPort: env.INBOUND_SMTP_PORT ? int(env.INBOUND_SMTP_PORT, 0, 'INBOUND_SMTP_PORT') : undefined,
    inboundSmtpHost: env.INBOUND_SMTP_HOST ?? '0.0.0.0',
    inboundSmtpMaxBytes: int(env.INBOUND_SMTP_MAX_BYTES, 10 * 1024 * 1024, 'INBOUND_SMTP_MAX_BYTES'),
    inboundFeedbackAddresses: (env.INBOUND_FEEDBACK_ADDRESSES ?? '')
      .split(',')
      .map((a) => a.trim().toLowerCase())
      .filter(Boolean),
    sendgridWebhookPublicKey: env.SENDGRID_WEBHOOK_PUBLIC_KEY || undefined,
    mailgunWebhookSigningKey: env.MAILGUN_WEBHOOK_SIGNING_KEY || undefined,
    shutdownDelayMs: int(env.SHUTDOWN_DELAY_MS, role === 'api' ? 5000 : 0, 'SHUTDOWN_DELAY_MS'),
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    webhookAllowHttp: bool(env.WEBHOOK_ALLOW_HTTP, false),
    ga4ApiEndpoint: env.GA4_API_ENDPOINT || 'https://analyticsdata.googleapis.com',
    billing: bool(env.BILLING, true),
    billingStartingCredits: int(env.BILLING_STARTING_CREDITS, 1000, 'BILLING_STARTING_CREDITS'),
    operatorKey: env.OPERATOR_KEY || undefined,
    trackerAck: trackerAck(env.TRACKER_ACK),
  };
}
