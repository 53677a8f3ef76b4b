import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from '../../db/pool.ts';
import type { Queryable } from '../../db/tenant.ts';

export const AUTH_CHANNEL = 'missiva_auth';
const SESSION_TTL_MS = 60_000;
const USER_TTL_MS = 3_000;
const MAX_ENTRIES = 100_000;

export interface AuthInvalidation {
  sessionId?: string;
  userId?: string;
}

/**
 * Tells every node that a session ended or a user changed (logout, password reset, refresh-token theft, profile or
 * 2FA change). Sent inside the caller's transaction, so it is delivered when the change commits.
 */
export async function announceAuthChange(db: Queryable, change: AuthInvalidation, local?: AuthCache): Promise<void> {
  await db.query('select pg_notify($1, $2)', [AUTH_CHANNEL, JSON.stringify(change)]);
  // This node forgets at once, so its next request already sees the change; the notice covers the other nodes.
  local?.forget(change);
}

interface Entry {
  value: unknown;
  userId: string;
}

/** Least recently used entries make room for new ones; each entry also ends at its own lifetime. */
const newEntries = () => new LRUCache<string, Entry>({ max: MAX_ENTRIES });

/**
 * A per-process cache of open sessions and current-user answers, so an authenticated request needs no query.
 * Correctness comes from LISTEN on AUTH_CHANNEL: a change on any node drops the entries everywhere. While the
 * listening connection is down the cache is bypassed and emptied, and short lifetimes bound any gap.
 */
export class AuthCache {
  private readonly sessions = newEntries();
  private readonly users = newEntries();
  private readonly listeners = new Set<(change: AuthInvalidation) => void>();
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  /** Bumped by every change notice: an answer loaded while a notice arrived is not cached (it may predate it). */
  private generation = 0;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(pool: Pool, log: FastifyBaseLogger): Promise<AuthCache> {
    const cache = new AuthCache(pool.options as pg.ClientConfig, log);
    await cache.listen();
    return cache;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('notification', (message) => this.apply(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${AUTH_CHANNEL}`);
      this.client = client;
      this.listening = true;
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client && this.client !== client) return;
    this.listening = false;
    this.client = undefined;
    this.generation += 1;
    this.sessions.clear();
    this.users.clear();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log.warn({ err: error }, 'auth cache lost its LISTEN connection; bypassing the cache until it is back');
    setTimeout(() => void this.listen(), 1000).unref();
  }

  private apply(payload: string | undefined): void {
    try {
      const change = JSON.parse(payload ?? '{}') as AuthInvalidation;
      this.forget(change);
      for (const listener of this.listeners) listener(change);
    } catch {
      this.generation += 1;
      this.sessions.clear();
      this.users.clear();
    }
  }

  /** Hears every committed change from any node (realtime disconnects the sockets of ended sessions). */
  onChange(listener: (change: AuthInvalidation) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops what a change makes stale; answers being loaded meanwhile will not be cached. */
  forget(change: AuthInvalidation): void {
    this.generation += 1;
    if (change.sessionId) this.sessions.delete(change.sessionId);
    if (change.userId) {
      this.users.delete(change.userId);
      for (const [id, entry] of this.sessions.entries()) if (entry.userId === change.userId) this.sessions.delete(id);
    }
  }

  /**
   * What an open session answers (its member's current role), or null when it is closed; `check` asks the database on
   * a miss and answers the session's expiry with that value. A change announced for the user drops the entry.
   */
  async sessionActive<T>(
    sessionId: string,
    userId: string,
    check: () => Promise<{ expiresAt: Date; value: T } | null>,
  ): Promise<T | null> {
    const hit = this.listening ? this.sessions.get(sessionId) : undefined;
    if (hit) return hit.value as T;
    const before = this.listening ? this.generation : -1;
    const found = await check();
    if (!found) return null;
    if (before === this.generation && this.listening) {
      const ttl = Math.min(found.expiresAt.getTime() - Date.now(), SESSION_TTL_MS);
      if (ttl > 0) this.sessions.set(sessionId, { value: found.value, userId }, { ttl });
    }
    return found.value;
  }

  async currentUser<T>(userId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.listening ? this.users.get(userId) : undefined;
    if (hit) return hit.value as T;
    const before = this.listening ? this.generation : -1;
    const value = await load();
    if (before === this.generation && this.listening) this.users.set(userId, { value, userId }, { ttl: USER_TTL_MS });
    return value;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.client?.end().catch(() => undefined);
  }
}
