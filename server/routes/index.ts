import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { checkBearer, bearerFrom } from '../http/auth.ts';
import type { Handlers } from '../http/contract.ts';
import { HttpError } from '../http/errors.ts';
import { accountHandlers } from './auth/account.ts';
import { sessionHandlers } from './auth/session.ts';
import { twoFactorHandlers } from './auth/twoFactor.ts';
import { systemHandlers } from './system/system.ts';

/** Every operation of the contract, by operationId. Adding an operation without a handler fails the type check. */
export function createHandlers(ctx: AppContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...sessionHandlers(ctx),
    ...accountHandlers(ctx),
    ...twoFactorHandlers(ctx),
  };
}

export function createSecurityHandlers(ctx: AppContext) {
  return {
    async bearerAuth(request: FastifyRequest) {
      const result = await checkBearer(ctx, bearerFrom(request.headers.authorization));
      if (!result.ok) throw new HttpError(401, result.reason, 'Sorry, you have to be logged in to access this.');
      request.auth = result.auth;
    },
  };
}
