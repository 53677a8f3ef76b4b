/**
 * Roles within a team and what each may do, named once (issue 21). Every operation in the contract declares the
 * permission it needs in an `x-permission` extension; the server checks it in one place and the SPA hides or disables
 * what the signed-in role lacks from these same names. `docs/permissions.md` prints the matrix below.
 */

/** A team's roles, from the most to the least powerful. */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a value (a token's claim, a database row) names one of the roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles an invitation or a role change may give (ownership moves only by a transfer). */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const satisfies readonly Role[];

export const PERMISSIONS = [
  /** No sign-in: sign-in itself, links a message carries, provider events, the tracker's ingest, invitations. */
  'public',
  /** Any signed-in member about themself: profile, password, sessions, 2FA, their notifications. */
  'self',
  'contacts:read',
  'contacts:write',
  'contacts:export',
  /** Campaigns, templates, assets, reports and the message log. */
  'messages:read',
  'messages:write',
  /** Start, pause, resume, cancel a send; test sends (they spend credits). */
  'messages:send',
  'senders:read',
  'senders:manage',
  'workflows:read',
  'workflows:write',
  'userflow:read',
  'userflow:write',
  /** Webhook endpoints and their log, incoming messages (not API keys). */
  'integrations:read',
  'apikeys:manage',
  'webhooks:manage',
  /** Company-wide settings: unsubscribe page, notification routing. */
  'settings:read',
  'settings:manage',
  'team:read',
  'team:manage',
  'audit:read',
  'billing:read',
  'billing:manage',
  'ownership:transfer',
  /** The operator's own API, authenticated by the operator key, never by a member. */
  'operator',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Whether a value (a contract's `x-permission`) names one of the permissions. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

const VIEWER: readonly Permission[] = [
  'self',
  'contacts:read',
  'messages:read',
  'senders:read',
  'workflows:read',
  'userflow:read',
  'integrations:read',
  'settings:read',
  'team:read',
];
const EDITOR: readonly Permission[] = [
  ...VIEWER,
  'contacts:write',
  'contacts:export',
  'messages:write',
  'messages:send',
  'workflows:write',
  'userflow:write',
];
const ADMIN: readonly Permission[] = [
  ...EDITOR,
  'senders:manage',
  'apikeys:manage',
  'webhooks:manage',
  'settings:manage',
  'team:manage',
  'audit:read',
  'billing:read',
];
const OWNER: readonly Permission[] = [...ADMIN, 'billing:manage', 'ownership:transfer'];

/** The permission matrix: viewer reads everything but keys and billing; editor creates and sends; admin manages the
 * team, keys, webhooks and senders; owner also billing and ownership. `public` and `operator` belong to no role. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(OWNER),
  admin: new Set(ADMIN),
  editor: new Set(EDITOR),
  viewer: new Set(VIEWER),
};

/** Whether a member with this role may do what the permission names. */
export function can(role: Role, permission: Permission): boolean {
  return permission === 'public' || ROLE_PERMISSIONS[role].has(permission);
}
