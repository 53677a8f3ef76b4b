import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { checkBearer, bearerFrom } from '../http/auth.ts';
import type { Handlers } from '../http/contract.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { notificationHandlers } from './account/notifications.ts';
import { profileHandlers } from './account/profile.ts';
import { accountHandlers } from './auth/account.ts';
import { sessionHandlers } from './auth/session.ts';
import { twoFactorHandlers } from './auth/twoFactor.ts';
import { attributeHandlers } from './contacts/attributes.ts';
import { contactHandlers } from './contacts/contacts.ts';
import { contactDetailHandlers } from './contacts/details.ts';
import { exportHandlers } from './contacts/exports.ts';
import { folderHandlers } from './contacts/folders.ts';
import { billingHandlers } from './billing.ts';
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
import { incomingHandlers } from './messaging/incoming.ts';
import { systemHandlers } from './system/system.ts';
import { readinessHandlers } from './system/readiness.ts';
import { apiKeyHandlers } from './integrations/apiKeys.ts';
import { checkApiKey, keyFrom } from '../services/integrations/apiKeys.ts';
import { checkOperatorKey } from '../http/operatorKey.ts';
import { trackerHandlers } from './userflow/tracker.ts';
import { userflowModelHandlers } from './userflow/models.ts';
import { userflowSourceHandlers } from './userflow/sources.ts';
import { userflowPredictionHandlers } from './userflow/predictions.ts';
import { webhookHandlers } from './integrations/webhooks.ts';
import { teamHandlers } from './team/team.ts';
import { workflowHandlers } from './workflows/workflows.ts';

/** Every operation of the contract, by operationId. Adding an operation without a handler fails the type check. */
export function createHandlers(ctx: AppContext): Handlers {
  return {
    ...systemHandlers(ctx),
    ...workflowHandlers(ctx),
    ...sessionHandlers(ctx),
    ...accountHandlers(ctx),
    ...twoFactorHandlers(ctx),
    ...contactHandlers(ctx),
    ...contactDetailHandlers(ctx),
    ...attributeHandlers(ctx),
    ...folderHandlers(ctx),
    ...billingHandlers(ctx),
    ...listHandlers(ctx),
    ...segmentHandlers(ctx),
    ...importHandlers(ctx),
    ...exportHandlers(ctx),
    ...notificationHandlers(ctx),
    ...profileHandlers(ctx),
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
    ...incomingHandlers(ctx),
    ...apiKeyHandlers(ctx),
    ...trackerHandlers(ctx),
    ...webhookHandlers(ctx),
    ...teamHandlers(ctx),
    ...userflowModelHandlers(ctx),
    ...userflowSourceHandlers(ctx),
    ...userflowPredictionHandlers(ctx),
  };
}

/** The contract's description of the operation a request reached (fastify-openapi-glue keeps it on the route). */
function operationOf(request: FastifyRequest) {
  const schema = (request.routeOptions.schema ?? {}) as { tags?: string[]; 'x-session-only'?: boolean };
  return { method: request.method, tags: schema.tags ?? [], sessionOnly: schema['x-session-only'] === true };
}

/**
 * The contract's two security schemes. An API key (`api-key: mk_…`, or `mk_…` as the bearer) and a session's access
 * token are told apart here, in one place; the key is checked against the operation's tags and access.
 */
export function createSecurityHandlers(ctx: AppContext) {
  // fastify-openapi-glue tries the schemes in the contract's order (the key first) and answers the last refusal: a
  // refused key is remembered so the bearer scheme answers the same refusal instead of "token missing".
  const refusedKeys = new WeakMap<FastifyRequest, unknown>();
  const withKey = async (request: FastifyRequest, key: string, reply: FastifyReply) => {
    try {
      request.auth = await checkApiKey(ctx, key, operationOf(request), {
        ip: request.ip,
        setHeader: (name, value) => void reply.header(name, value),
      });
    } catch (error) {
      refusedKeys.set(request, error);
      throw error;
    }
  };
  return {
    async apiKey(request: FastifyRequest, reply: FastifyReply) {
      const key = keyFrom(request.headers);
      if (!key) throw unauthorized('token_missing');
      await withKey(request, key, reply);
    },
    async operatorKey(request: FastifyRequest) {
      // A member's token or API key never reaches the operator API, whatever the operator key says.
      if (request.headers.authorization || keyFrom(request.headers)) throw forbidden();
      checkOperatorKey(ctx.config, request.headers['x-operator-key']);
    },
    async bearerAuth(request: FastifyRequest, reply: FastifyReply) {
      if (refusedKeys.has(request)) throw refusedKeys.get(request);
      const bearer = bearerFrom(request.headers.authorization);
      if (bearer?.startsWith('mk_')) return withKey(request, bearer, reply);
      const result = await checkBearer(ctx, bearer);
      if (!result.ok) throw unauthorized(result.reason);
      request.auth = result.auth;
    },
  };
}
