import type { FastifyRequest, RouteOptions } from 'fastify';
import { can, isPermission, type Permission } from '../../shared/permissions.ts';
import { forbidden, unauthorized } from './errors.ts';

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

interface ContractOperation {
  operationId?: string;
  security?: unknown[];
  'x-permission'?: unknown;
}

/** Every operation of the contract with what its `x-permission` says and whether it is open without sign-in. */
function contractOperations(contract: Record<string, unknown>) {
  const paths = (contract.paths ?? {}) as Record<string, Record<string, ContractOperation>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, op]) => METHODS.includes(method) && op && typeof op === 'object')
      .map(([method, op]) => ({
        where: `${method.toUpperCase()} ${path}`,
        operationId: op.operationId ?? `${method.toUpperCase()} ${path}`,
        permission: op['x-permission'],
        open: Array.isArray(op.security) && op.security.length === 0,
      })),
  );
}

/**
 * What is wrong with the contract's permissions: an operation without `x-permission`, one naming a permission
 * shared/permissions.ts does not know, `public` on an operation that asks for sign-in, or an operation without sign-in
 * that names anything but `public`. The server refuses to start on any of these, and `npm run api:check` reports them.
 */
export function permissionProblems(contract: Record<string, unknown>): string[] {
  return contractOperations(contract).flatMap(({ where, operationId, permission, open }) => {
    if (permission === undefined) return [`${where} (${operationId}) declares no x-permission`];
    if (!isPermission(permission)) return [`${where} (${operationId}) names an unknown permission: ${permission}`];
    if (open && permission !== 'public')
      return [`${where} (${operationId}) has security: [] but x-permission ${permission}`];
    if (!open && permission === 'public')
      return [`${where} (${operationId}) asks for sign-in but says x-permission public`];
    return [];
  });
}

/** The permission each operation needs, by operationId; throws when the contract has any permission problem. */
export function operationPermissions(contract: Record<string, unknown>): Map<string, Permission> {
  const problems = permissionProblems(contract);
  if (problems.length) throw new Error(`The contract's x-permission declarations are wrong:\n${problems.join('\n')}`);
  return new Map(contractOperations(contract).map((op) => [op.operationId, op.permission as Permission]));
}

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * The check that runs before an operation's validation and handler: the signed-in member's role (an API key's, the
 * role of the member who created it) must hold the permission, or the answer is 403 with the spec's text. `operator`
 * operations are authenticated by their own scheme (the operator key), never by a member: a member is refused.
 */
function permissionHook(permission: Permission): Hook {
  return async (request) => {
    const auth = request.auth;
    if (permission === 'operator') {
      if (auth) throw forbidden();
      return;
    }
    if (!auth) throw unauthorized();
    if (!can(auth.role, permission)) throw forbidden();
  };
}

type Hooks = RouteOptions['preValidation'];
const asList = (hooks: Hooks | RouteOptions['preHandler']): Hook[] => [hooks ?? []].flat() as unknown as Hook[];

/**
 * Binds each contract route's permission check, in one place for every operation. fastify-openapi-glue puts the
 * security scheme's check in `preHandler`, after validation; it moves to `preValidation`, followed by the permission
 * check, so who the caller is and what their role may do are settled before the body is looked at: a viewer's write
 * is refused with 403 whatever it sends. `enforce: false` keeps the order and skips only the role check (the
 * permissions benchmark compares the two in one run).
 */
export function bindPermission(route: RouteOptions, permissions: Map<string, Permission>, enforce = true): void {
  const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
  if (!operationId) return;
  const permission = permissions.get(operationId);
  if (!permission) throw new Error(`No x-permission for the contract route ${operationId}`);
  const security = asList(route.preHandler);
  const check = enforce && permission !== 'public' ? [permissionHook(permission)] : [];
  route.preValidation = [...security, ...check, ...asList(route.preValidation)] as unknown as Hooks;
  route.preHandler = [];
}
