import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import type { TenantPool } from './db/tenant.ts';
import type { AuthCache } from './services/auth/authCache.ts';

/** Enqueues a background job (graphile-worker `add_job`), optionally inside the caller's transaction. */
export type AddJob = (task: string, payload: Record<string, unknown>, options?: { jobKey?: string; runAt?: Date; maxAttempts?: number }) => Promise<void>;

/** Pushes a realtime event to rooms; a no-op in processes without socket.io (worker role, CLI). */
export interface RealtimeEmitter {
  toUser(userId: string, event: string, payload: unknown): void;
  toCompany(companyId: string, event: string, payload: unknown): void;
}

/** What services and handlers receive: built once at start, never a global. */
export interface AppContext {
  config: Config;
  /**
   * The owner's pool, for the named system paths only: sign-in and tokens before the company is known, the job queue,
   * jobs that go over every company, the CLI. Tenant services never see it: they get a `Scope` (services/scope.ts).
   */
  pool: Pool;
  /** The application role's pool, bound to one company at a time (row-level security); see `forTenant`. */
  tenants: TenantPool;
  log: FastifyBaseLogger;
  addJob: AddJob;
  realtime: RealtimeEmitter;
  /** Caches open sessions and current users per process (API nodes); absent in workers and the CLI. */
  authCache?: AuthCache;
}

export interface AuthContext {
  userId: string;
  companyId: string;
  sessionId: string;
  role: 'owner' | 'admin' | 'member';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
