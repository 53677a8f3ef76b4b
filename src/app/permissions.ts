import { can, type Permission, type Role } from '../../shared/permissions.ts';
import { SessionActor } from './actors.ts';

/**
 * Whether the signed-in member may do what the permission names: screens hide or disable actions from this, with the
 * same names the contract's `x-permission` declares and the server enforces (shared/permissions.ts).
 */
export function useCan(permission: Permission): boolean {
  const role = SessionActor.useSelector((s) => s.context.user?.role);
  return role != null && can(role as Role, permission);
}
