import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../shared/permissions.ts';
import type { ServerEventName, ServerEventPayload } from '../shared/realtime-events.ts';
import type { Config } from './config.ts';
import type { Pool } from './db/pool.ts';
import type { TenantPool } from './db/tenant.ts';
import type { AuthCache } from './services/auth/authCache.ts';

/**
 * Pushes a realtime event to rooms; a no-op in processes without socket.io (worker role, CLI). Events and payloads
 * are the shared server-to-client map's (shared/realtime-events.ts), the one the SPA listens with.
 */
export interface RealtimeEmitter {
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  toCompany<E extends ServerEventName>(companyId: string, event: E, payload: ServerEventPayload<E>): void;
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
  realtime: RealtimeEmitter;
  /** Caches open sessions and current users per process (API nodes); absent in workers and the CLI. */
  authCache?: AuthCache;
  /** Set when the process has begun a graceful shutdown: the readiness check answers 503 from then on. */
  draining?: boolean;
}

export interface AuthContext {
  userId: string;
  companyId: string;
  sessionId: string;
  /** The member's role in the team; what it may do is the matrix of shared/permissions.ts. */
  role: Role;
  /** Set when an API key authenticated the request: the key acts for the member who created it, with their role. */
  apiKeyId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
