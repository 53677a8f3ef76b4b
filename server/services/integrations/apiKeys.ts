import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AppContext, AuthContext } from '../../context.ts';
import { forbidden, invalid, notFound, TooManyRequests, unauthorized } from '../../http/errors.ts';
import { guarded, wrongSecret } from '../auth/guessing.ts';
import { announceAuthChange, type AuthInvalidation } from '../auth/authCache.ts';
import type { Scope } from '../scope.ts';
import type { Queryable } from '../../db/tenant.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import {
  API_KEY_AREA_OF_TAG,
  API_KEY_PREFIX,
  API_KEY_PREFIX_LENGTH,
  type ApiKeyAccess,
  type ApiKeyArea,
} from '../../../shared/integrations.ts';

type ApiKey = components['schemas']['ApiKey'];
type ApiKeyInput = components['schemas']['ApiKeyInput'];
type CreatedApiKey = components['schemas']['CreatedApiKey'];

/** `mk_` + 8 lower-case letters and digits (the stored, shown prefix) + `_` + 43 characters of base64url (32 bytes). */
const KEY_PATTERN = new RegExp(`^(${API_KEY_PREFIX}[a-z0-9]{${API_KEY_PREFIX_LENGTH}})_([A-Za-z0-9_-]{43})$`);
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The auth channel's notice for a revoked key (keys share the sessions' invalidation channel). */
const KEY_NOTICE = 'api-key:';
const LAST_USED_EVERY_MS = 60_000;
const CACHE_TTL_MS = 60_000;
const MINUTE_MS = 60_000;

/**
 * A keyed hash of the whole key. Keys carry 256 random bits, so a fast hash is safe here (argon2id is for low-entropy
 * passwords) and keeps an authenticated request cheap; keyed with the server key, a stolen table cannot be checked
 * offline without it.
 */
function keyHash(secret: string, key: string): Buffer {
  return createHmac('sha256', secret).update(key).digest();
}

function newKey(): { key: string; prefix: string } {
  const bytes = randomBytes(API_KEY_PREFIX_LENGTH);
  const prefix = API_KEY_PREFIX + [...bytes].map((b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
  return { key: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  access: ApiKeyAccess;
  areas: ApiKeyArea[] | null;
  expires_at: Date | null;
  created_at: Date;
  created_by: string | null;
  creator_name: string | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

const SELECT = `select k.id::int, k.name, k.prefix, k.access, k.areas, k.expires_at, k.created_at, k.created_by,
    nullif(trim(u.first_name || ' ' || u.last_name), '') as creator_name, k.last_used_at, host(k.last_used_ip)
    as last_used_ip, k.revoked_at
  from api_keys k left join users u on u.id = k.created_by`;

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    access: row.access,
    areas: row.areas,
    status: row.revoked_at
      ? 'revoked'
      : row.expires_at && row.expires_at.getTime() <= Date.now()
        ? 'expired'
        : 'active',
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedIp: row.last_used_ip,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

export async function listApiKeys(scope: Scope): Promise<ApiKey[]> {
  const { rows } = await scope.db.query<KeyRow>(`${SELECT} where k.company_id = $1 order by k.id desc`, [
    scope.companyId,
  ]);
  return rows.map(toApiKey);
}

export async function getApiKey(scope: Scope, id: number): Promise<ApiKey> {
  const { rows } = await scope.db.query<KeyRow>(`${SELECT} where k.company_id = $1 and k.id = $2`, [
    scope.companyId,
    id,
  ]);
  if (!rows[0]) throw notFound();
  return toApiKey(rows[0]);
}

/** Creates a key for the signed-in member; the answer is the only place its whole secret ever appears. */
export async function createApiKey(scope: Scope, input: ApiKeyInput): Promise<CreatedApiKey> {
  const name = input.name.trim();
  const errors: Record<string, string[]> = {};
  if (!name) errors.name = [FIELD_TEXTS.nameRequired];
  if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now())
    errors.expiresAt = ['Expires at must be in the future'];
  if (Object.keys(errors).length) throw invalid(errors);
  const { key, prefix } = newKey();
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into api_keys (company_id, name, prefix, secret_hash, access, areas, expires_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::int`,
    [
      scope.companyId,
      name,
      prefix,
      keyHash(scope.config.secret, key),
      input.access,
      input.areas ?? null,
      input.expiresAt ?? null,
      scope.userId,
    ],
  );
  return { ...(await getApiKey(scope, rows[0]!.id)), secret: key };
}

/** Revokes a key; this node forgets it at once and the others on the auth channel's notice. */
export async function revokeApiKey(scope: Scope, id: number, ctx: Pick<AppContext, 'authCache'>): Promise<void> {
  const { rows } = await scope.db.query<{ prefix: string }>(
    `update api_keys set revoked_at = coalesce(revoked_at, now()) where company_id = $1 and id = $2 returning prefix`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  await announceAuthChange(scope.db, { sessionId: KEY_NOTICE + rows[0].prefix }, ctx.authCache);
  keyCaches.forEach((cache) => cache.delete(rows[0]!.prefix));
}

/** Revokes every key a member created (they are leaving the team); each node forgets them on the auth channel. */
export async function revokeMemberKeys(
  db: Queryable,
  companyId: string,
  userId: string,
  ctx: Pick<AppContext, 'authCache'>,
): Promise<void> {
  const { rows } = await db.query<{ prefix: string }>(
    `update api_keys set revoked_at = now() where company_id = $1 and created_by = $2 and revoked_at is null
     returning prefix`,
    [companyId, userId],
  );
  for (const { prefix } of rows) {
    await announceAuthChange(db, { sessionId: KEY_NOTICE + prefix }, ctx.authCache);
    keyCaches.forEach((cache) => cache.delete(prefix));
  }
}

/** What a verified key may do, cached per node by its prefix. */
interface VerifiedKey {
  id: number;
  companyId: string;
  hash: Buffer;
  access: ApiKeyAccess;
  areas: ApiKeyArea[] | null;
  expiresAt: number | null;
  userId: string;
  role: AuthContext['role'];
}

const keyCaches = new Set<LRUCache<string, VerifiedKey>>();
const caches = new WeakMap<AppContext, KeyCacheState>();

interface KeyCacheState {
  keys: LRUCache<string, VerifiedKey>;
  /** Requests this minute per key, and when its minute began (a fixed window per node). */
  windows: LRUCache<number, { started: number; count: number }>;
  lastUsedWritten: LRUCache<number, number>;
}

function stateOf(ctx: AppContext): KeyCacheState {
  let state = caches.get(ctx);
  if (!state) {
    const keys = new LRUCache<string, VerifiedKey>({ max: 10_000, ttl: CACHE_TTL_MS });
    state = {
      keys,
      windows: new LRUCache({ max: 10_000 }),
      lastUsedWritten: new LRUCache({ max: 10_000 }),
    };
    keyCaches.add(keys);
    // A revocation or a change of the creating member (role, removal) on any node drops the cached key here.
    ctx.authCache?.onChange((change: AuthInvalidation) => {
      if (change.sessionId?.startsWith(KEY_NOTICE)) keys.delete(change.sessionId.slice(KEY_NOTICE.length));
      if (change.userId) for (const [prefix, k] of keys.entries()) if (k.userId === change.userId) keys.delete(prefix);
    });
    caches.set(ctx, state);
  }
  return state;
}

/** The operation a request reached, as the contract declares it. */
export interface KeyedOperation {
  method: string;
  tags: readonly string[];
  sessionOnly: boolean;
}

export function keyFrom(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const bearer = /^Bearer\s+(mk_\S+)$/i.exec(typeof headers.authorization === 'string' ? headers.authorization : '');
  return bearer?.[1];
}

async function loadKey(ctx: AppContext, prefix: string): Promise<(VerifiedKey & { revoked: boolean }) | null> {
  const { rows } = await ctx.pool.query<{
    id: number;
    company_id: string;
    secret_hash: Buffer;
    access: ApiKeyAccess;
    areas: ApiKeyArea[] | null;
    expires_at: Date | null;
    revoked: boolean;
    user_id: string | null;
    role: AuthContext['role'] | null;
  }>({
    name: 'api-key-by-prefix',
    text: `select k.id::int, k.company_id, k.secret_hash, k.access, k.areas, k.expires_at, k.revoked_at is not null
             as revoked, u.id as user_id, u.role
             from api_keys k left join users u on u.id = k.created_by and u.company_id = k.company_id
            where k.prefix = $1`,
    values: [prefix],
  });
  const row = rows[0];
  if (!row || !row.user_id || !row.role) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    hash: row.secret_hash,
    access: row.access,
    areas: row.areas,
    expiresAt: row.expires_at?.getTime() ?? null,
    userId: row.user_id,
    role: row.role,
    revoked: row.revoked,
  };
}

/**
 * Authenticates an API key for one operation: 401 for an unknown, revoked or expired key (unknown keys count as
 * guesses per client address, like passwords), 403 'Not Authorized' when the operation is session-only, outside the
 * key's areas, or not a read for a read key, 429 past the key's requests a minute. A verified key is cached, so a
 * request with it costs one HMAC and no query.
 */
export async function checkApiKey(
  ctx: AppContext,
  key: string,
  operation: KeyedOperation,
  client: { ip: string; setHeader: (name: string, value: string) => void },
): Promise<AuthContext> {
  const state = stateOf(ctx);
  const match = KEY_PATTERN.exec(key);
  const prefix = match?.[1];
  const hash = keyHash(ctx.config.secret, key);
  let verified = prefix ? state.keys.get(prefix) : undefined;
  if (!verified || !timingSafeEqual(verified.hash, hash)) {
    verified = await guarded(ctx, { address: client.ip }, async () => {
      const loaded = prefix ? await loadKey(ctx, prefix) : null;
      if (!loaded || !timingSafeEqual(loaded.hash, hash)) throw wrongSecret(unauthorized('api_key_invalid'));
      if (loaded.revoked) throw unauthorized('api_key_revoked');
      return loaded;
    });
    state.keys.set(prefix!, verified);
  }
  if (verified.expiresAt !== null && verified.expiresAt <= Date.now()) throw unauthorized('api_key_expired');
  authorise(verified, operation);
  limit(ctx, state, verified, client.setHeader);
  noteUse(ctx, state, verified, client.ip);
  return {
    userId: verified.userId,
    companyId: verified.companyId,
    sessionId: `${KEY_NOTICE}${verified.id}`,
    role: verified.role,
    apiKeyId: verified.id,
  };
}

function authorise(key: VerifiedKey, operation: KeyedOperation): void {
  if (operation.sessionOnly) throw forbidden();
  const areas = operation.tags.map((tag) => API_KEY_AREA_OF_TAG[tag]).filter((a): a is ApiKeyArea => Boolean(a));
  if (areas.length === 0) throw forbidden();
  if (key.areas && !areas.some((a) => key.areas!.includes(a))) throw forbidden();
  if (key.access === 'read' && operation.method !== 'GET' && operation.method !== 'HEAD') throw forbidden();
}

/** A fixed one-minute window per key on this node, announced in the IETF RateLimit headers. */
function limit(ctx: AppContext, state: KeyCacheState, key: VerifiedKey, setHeader: (n: string, v: string) => void) {
  const now = Date.now();
  const max = ctx.config.apiKeyRateLimit;
  let window = state.windows.get(key.id);
  if (!window || now - window.started >= MINUTE_MS) {
    window = { started: now, count: 0 };
    state.windows.set(key.id, window);
  }
  window.count += 1;
  const reset = Math.max(1, Math.ceil((window.started + MINUTE_MS - now) / 1000));
  setHeader('ratelimit-policy', `${max};w=60`);
  setHeader('ratelimit', `limit=${max}, remaining=${Math.max(0, max - window.count)}, reset=${reset}`);
  if (window.count > max) throw new TooManyRequests(reset);
}

/** Records when and from where a key was last used, at most once a minute per key (no write per request). */
function noteUse(ctx: AppContext, state: KeyCacheState, key: VerifiedKey, ip: string): void {
  const now = Date.now();
  if (now - (state.lastUsedWritten.get(key.id) ?? 0) < LAST_USED_EVERY_MS) return;
  state.lastUsedWritten.set(key.id, now);
  ctx.pool
    .query(
      `update api_keys set last_used_at = now(), last_used_ip = $2::inet
        where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [key.id, ip],
    )
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not record an API key use'));
}
