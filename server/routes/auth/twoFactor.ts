import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { getUser } from '../../services/auth/account.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
} from '../../services/auth/twoFactor.ts';

type Ops = 'getTwoFactorStatus' | 'setupTwoFactor' | 'enableTwoFactor' | 'disableTwoFactor' | 'regenerateRecoveryCodes';

export function twoFactorHandlers(ctx: AppContext): HandlerGroup<Ops> {
  const caller = (auth: { userId: string; companyId: string }) => ({ id: auth.userId, companyId: auth.companyId });
  return {
    async getTwoFactorStatus(request) {
      return twoFactorStatus(ctx, requireAuth(request).userId);
    },
    // The secret and the recovery codes are shown once and never kept by a cache.
    async setupTwoFactor(request, reply) {
      reply.header('cache-control', 'no-store');
      const auth = requireAuth(request);
      const user = (await getUser(ctx, auth)) as { email: string };
      return setupTwoFactor(ctx, { ...caller(auth), email: user.email });
    },
    async enableTwoFactor(request, reply) {
      reply.header('cache-control', 'no-store');
      return enableTwoFactor(ctx, caller(requireAuth(request)), request.body.code, request.ip);
    },
    async disableTwoFactor(request, reply) {
      await disableTwoFactor(ctx, caller(requireAuth(request)), request.body.code, request.ip);
      return reply.status(204).send();
    },
    async regenerateRecoveryCodes(request, reply) {
      reply.header('cache-control', 'no-store');
      return regenerateRecoveryCodes(ctx, caller(requireAuth(request)), request.body.code, request.ip);
    },
  };
}
