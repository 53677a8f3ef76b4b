import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppContext, RealtimeEmitter } from '../../server/context.ts';
import { createPool, type Pool } from '../../server/db/pool.ts';
import { appRoleUrl, TenantPool } from '../../server/db/tenant.ts';
import { createCompanyWithOwner, startingCredits } from '../../server/services/accounts/accounts.ts';
import { hashPassword } from '../../server/services/security/crypto.ts';
import type { Role } from '../../shared/permissions.ts';
import { AuthCache } from '../../server/services/auth/authCache.ts';
import { TEST_SECRET } from './global-setup.ts';

export interface TestEnv {
  app: FastifyInstance;
  ctx: AppContext;
  pool: Pool;
  databaseUrl: string;
  /** Realtime events the handlers emitted, newest last. */
  emitted: { room: string; event: string; payload: unknown }[];
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestEnv(overrides: Partial<Config> = {}): Promise<TestEnv> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  const pool = createPool(databaseUrl, 10, { system: true });
  const config: Config = {
    ...loadConfig({ DATA_DIR: '.tmp/test-data', SECRET_KEY: TEST_SECRET }),
    databaseUrl,
    loginRateLimit: 1000,
    // Companies start with enough credits for any test's sends; the billing tests start them at zero.
    billingStartingCredits: 1_000_000,
    ...overrides,
  };
  const emitted: TestEnv['emitted'] = [];
  const realtime: RealtimeEmitter = {
    toUser: (id, event, payload) => emitted.push({ room: `user:${id}`, event, payload }),
    toCompany: (id, event, payload) => emitted.push({ room: `company:${id}`, event, payload }),
  };
  const log = pino({ level: 'silent' });
  // API tests run through the auth cache, as API nodes do.
  const authCache = await AuthCache.start(pool, log);
  const tenants = new TenantPool(appRoleUrl(databaseUrl, TEST_SECRET), 10);
  const ctx: AppContext = { config, pool, tenants, log, realtime, authCache };
  const app = await buildApp(ctx, { serveSpa: false });
  await app.ready();
  return {
    app,
    ctx,
    pool,
    databaseUrl,
    emitted,
    async close() {
      await app.close();
      await authCache.close();
      await tenants.end();
      await pool.end();
      const drop = createPool(adminUrl, 1);
      await drop.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await drop.end();
    },
  };
}

let counter = 0;
export interface TestUser {
  email: string;
  password: string;
  companyId: string;
  userId: string;
}

export async function createUser(env: TestEnv, company = 'Acme'): Promise<TestUser> {
  counter += 1;
  const email = `user${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'secret-pass';
  const ids = await createCompanyWithOwner(env.pool, {
    company,
    email,
    password,
    firstName: 'Ada',
    lastName: 'Lovelace',
    startingCredits: startingCredits(env.ctx.config),
  });
  return { email, password, ...ids };
}

/** A member of the owner's company with the given role (shared/permissions.ts), signing in with the same password. */
export async function createMember(env: TestEnv, owner: TestUser, role: Role): Promise<TestUser> {
  counter += 1;
  const email = `${role}${counter}.${randomBytes(3).toString('hex')}@example.com`;
  const { rows } = await env.pool.query<{ id: string }>(
    `insert into users (company_id, email, password_hash, first_name, last_name, role)
     values ($1, $2, $3, 'Grace', 'Hopper', $4) returning id`,
    [owner.companyId, email, await hashPassword(owner.password), role],
  );
  return { email, password: owner.password, companyId: owner.companyId, userId: rows[0]!.id };
}

export async function login(
  env: TestEnv,
  user: { email: string; password: string },
  extra: Record<string, unknown> = {},
) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: user.password, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; expiresAt: string; refreshExpiresAt: string; twoFactorRequired: boolean };
  return { ...body, refreshToken: body.twoFactorRequired ? '' : refreshCookieOf(res) };
}

/** The refresh token an answer set in its HttpOnly cookie (it never travels in a body). */
export function refreshCookieOf(res: { headers: Record<string, unknown> }): string {
  const cookies = [res.headers['set-cookie']].flat();
  const header = cookies.find((c): c is string => typeof c === 'string' && c.startsWith('missiva_refresh='));
  const token = header ? /^missiva_refresh=([^;]*)/.exec(header)![1]! : '';
  if (!token) throw new Error(`no refresh cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return token;
}

/** `POST users/refresh` as a browser sends it: the refresh token in its cookie, no body. */
export const refreshWith = (env: TestEnv, refreshToken: string) =>
  env.app.inject({ method: 'POST', url: '/api/users/refresh', headers: { cookie: `missiva_refresh=${refreshToken}` } });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
