import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { checkBearer, bearerFrom } from '../http/auth.ts';
import type { Handlers } from '../http/contract.ts';
import { unauthorized } from '../http/errors.ts';
import { notificationHandlers } from './account/notifications.ts';
import { accountHandlers } from './auth/account.ts';
import { sessionHandlers } from './auth/session.ts';
import { twoFactorHandlers } from './auth/twoFactor.ts';
import { attributeHandlers } from './contacts/attributes.ts';
import { contactHandlers } from './contacts/contacts.ts';
import { contactDetailHandlers } from './contacts/details.ts';
import { exportHandlers } from './contacts/exports.ts';
import { folderHandlers } from './contacts/folders.ts';
import { importHandlers } from './contacts/imports.ts';
import { listHandlers } from './contacts/lists.ts';
import { segmentHandlers } from './contacts/segments.ts';
import { senderHandlers } from './messaging/senders.ts';
import { sendingHandlers } from './messaging/sending.ts';
import { messageHandlers } from './messaging/messages.ts';
import { reportHandlers } from './messaging/reports.ts';
import { testSendHandlers } from './messaging/testSends.ts';
import { templateHandlers } from './messaging/templates.ts';
import { assetHandlers } from './messaging/assets.ts';
import { unsubscribeSettingsHandlers } from './messaging/unsubscribeSettings.ts';
import { providerEventHandlers } from './messaging/providers.ts';
import { systemHandlers } from './system/system.ts';
import { readinessHandlers } from './system/readiness.ts';
import { webhookHandlers } from './integrations/webhooks.ts';

/** Every operation of the contract, by operationId. Adding an operation without a handler fails the type check. */
export function createHandlers(ctx: AppContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...sessionHandlers(ctx),
    ...accountHandlers(ctx),
    ...twoFactorHandlers(ctx),
    ...contactHandlers(ctx),
    ...contactDetailHandlers(ctx),
    ...attributeHandlers(ctx),
    ...folderHandlers(ctx),
    ...listHandlers(ctx),
    ...segmentHandlers(ctx),
    ...importHandlers(ctx),
    ...exportHandlers(ctx),
    ...notificationHandlers(ctx),
    ...testSendHandlers(ctx),
    ...senderHandlers(ctx),
    ...templateHandlers(ctx),
    ...assetHandlers(ctx),
    ...sendingHandlers(ctx),
    ...messageHandlers(ctx),
    ...unsubscribeSettingsHandlers(ctx),
    ...providerEventHandlers(ctx),
    ...reportHandlers(ctx),
    ...readinessHandlers(ctx),
    ...webhookHandlers(ctx),
  };
}

export function createSecurityHandlers(ctx: AppContext) {
  return {
    async bearerAuth(request: FastifyRequest) {
      const result = await checkBearer(ctx, bearerFrom(request.headers.authorization));
      if (!result.ok) throw unauthorized(result.reason);
      request.auth = result.auth;
    },
  };
}
