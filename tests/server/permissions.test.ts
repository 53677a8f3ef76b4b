import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/app.ts';
import { HTTP_TEXTS } from '../../server/http/errors.ts';
import { operationPermissions, permissionProblems } from '../../server/http/permissions.ts';
import { announceAuthChange } from '../../server/services/auth/authCache.ts';
import { forTenant } from '../../server/services/scope.ts';
import { createApiKey } from '../../server/services/integrations/apiKeys.ts';
import { can, ROLES, type Permission, type Role } from '../../shared/permissions.ts';
import { bearer, createMember, createTestEnv, createUser, login, type TestEnv, type TestUser } from './helpers.ts';

/**
 * The permission matrix, generated from the contract: every operation × every role. A role without the operation's
 * x-permission gets exactly 403 'Not Authorized' whatever it sends; a role with it gets anything but 403 (404 for an id
 * that does not exist and 422 for the minimal body are expected). One database, one server, members created once.
 */

type Schema = { type?: string | string[]; format?: string; enum?: unknown[]; $ref?: string };
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
  $ref?: string;
}
interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  'x-permission': Permission;
}

const contract = loadContract();
const refTarget = <T>(ref: string): T =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], contract) as T;
const deref = <T extends { $ref?: string }>(node: T): T => (node.$ref ? deref(refTarget<T>(node.$ref)) : node);

/** A value of the parameter's type that names nothing: an id no row has. */
function placeholder(schema: Schema = {}): string {
  const s = deref(schema);
  if (s.enum?.length) return String(s.enum[0]);
  const type = [s.type].flat()[0];
  if (type === 'integer' || type === 'number') return '987654';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'nothing-here';
}

interface Call {
  operationId: string;
  permission: Permission;
  request: InjectOptions;
}

/** One minimal request per secured operation of the contract. */
function calls(): Call[] {
  const paths = contract.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) => {
    const shared = ((item.parameters ?? []) as Parameter[]).map(deref);
    return Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, raw]) => {
        const op = raw as Operation;
        const params = [...shared, ...(op.parameters ?? []).map(deref)].filter((p) => p.in === 'path');
        const url = params.reduce((at, p) => at.replace(`{${p.name}}`, placeholder(p.schema)), path);
        const contentType = Object.keys(op.requestBody?.content ?? {})[0];
        const body: Partial<InjectOptions> =
          contentType === 'multipart/form-data'
            ? {
                headers: { 'content-type': 'multipart/form-data; boundary=x' },
                payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
              }
            : contentType
              ? { headers: { 'content-type': contentType }, payload: contentType.includes('json') ? '{}' : '' }
              : {};
        return {
          operationId: op.operationId,
          permission: op['x-permission'],
          request: { ...body, method: method.toUpperCase() as InjectOptions['method'], url: `/api${url}` },
        };
      });
  });
}

describe('the contract', () => {
  it('declares a known permission on every operation, public exactly where no sign-in is asked', () => {
    expect(permissionProblems(contract)).toEqual([]);
    expect(operationPermissions(contract).size).toBe(calls().length);
  });

  it('is refused when an operation lacks a permission or names one the matrix does not know', () => {
    const broken = structuredClone(contract) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    delete broken.paths['/contacts']!.get!['x-permission'];
    broken.paths['/contacts']!.post!['x-permission'] = 'contacts:everything';
    broken.paths['/health']!.get!['x-permission'] = 'contacts:read';
    broken.paths['/users/me']!.get!['x-permission'] = 'public';
    expect(permissionProblems(broken)).toEqual([
      'GET /health (getHealth) has security: [] but x-permission contacts:read',
      'GET /users/me (getCurrentUser) asks for sign-in but says x-permission public',
      'GET /contacts (listContacts) declares no x-permission',
      'POST /contacts (createContact) names an unknown permission: contacts:everything',
    ]);
    expect(() => operationPermissions(broken)).toThrow(/declares no x-permission/);
  });
});

let env: TestEnv;
let owner: TestUser;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  env = await createTestEnv();
  owner = await createUser(env);
  for (const role of ROLES) {
    const member = role === 'owner' ? owner : await createMember(env, owner, role);
    tokens[role] = (await login(env, member)).token;
  }
});
afterAll(() => env?.close());

describe('the database', () => {
  it('allows exactly the roles of shared/permissions.ts', async () => {
    const { rows } = await env.pool.query<{ def: string }>(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'users_role_check'`,
    );
    expect([...rows[0]!.def.matchAll(/'(\w+)'/g)].map((m) => m[1]).sort()).toEqual([...ROLES].sort());
  });
});

describe('every operation × every role', () => {
  // Signing out ends the token the other calls use: it goes last.
  const all = calls()
    .filter((c) => c.permission !== 'public')
    .sort((a, b) => Number(a.operationId === 'logoutUser') - Number(b.operationId === 'logoutUser'));

  for (const role of ROLES) {
    it(`answers ${role} 403 exactly where the role lacks the permission`, async () => {
      const wrong: string[] = [];
      for (const call of all) {
        const headers = { ...(call.request.headers as Record<string, string>), ...bearer(tokens[role]) };
        const res = await env.app.inject({ ...call.request, headers });
        const allowed = call.permission !== 'operator' && can(role, call.permission);
        const refused =
          res.statusCode === 403 && res.json().code === 'not_authorized' && res.json().message === HTTP_TEXTS.forbidden;
        if (allowed ? res.statusCode === 403 || res.statusCode === 401 : !refused)
          wrong.push(`${call.operationId} (${call.permission}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('a role change', () => {
  it('applies from the next request once announced, before the member’s access token expires', async () => {
    const admin = await createMember(env, owner, 'admin');
    const { token } = await login(env, admin);
    const listKeys = () => env.app.inject({ method: 'GET', url: '/api/api-keys', headers: bearer(token) });
    expect((await listKeys()).statusCode).toBe(200);
    await env.pool.query(`update users set role = 'viewer' where id = $1`, [admin.userId]);
    await announceAuthChange(env.pool, { userId: admin.userId }, env.ctx.authCache);
    const refused = await listKeys();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_authorized');
  });
});

describe('API keys', () => {
  it('act with the role of the member who created them: a viewer’s full-access key reads but cannot write', async () => {
    const viewer = await createMember(env, owner, 'viewer');
    const scope = forTenant(env.ctx, { companyId: owner.companyId, userId: viewer.userId });
    const { secret } = await createApiKey(scope, { name: 'Viewer key', access: 'full' });
    const headers = { 'api-key': secret };
    expect((await env.app.inject({ method: 'GET', url: '/api/contacts', headers })).statusCode).toBe(200);
    const write = await env.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: { email: 'someone@example.org' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ code: 'not_authorized', message: HTTP_TEXTS.forbidden });
  });
});
