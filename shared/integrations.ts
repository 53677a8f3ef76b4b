import {
  ApiKeyAccess as AccessSchema,
  ApiKeyArea as AreaSchema,
  WebhookEventType as EventTypeSchema,
} from './contract/schemas.ts';

/**
 * Integrations, named once: API key access levels and areas (read from the contract's schemas), webhook event types,
 * and the limits of delivery.
 */

/** What a key may do: `read` only safe operations (GET), `full` every operation its areas allow. */
export const API_KEY_ACCESS = AccessSchema.enum;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** Areas a key can be limited to; a key without areas reaches every area. */
export const API_KEY_AREAS = AreaSchema.enum;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

/**
 * The contract tag whose operations each area covers. Operations of other tags (sign-in, account, operator) and those
 * marked `x-session-only` (the API keys themselves) refuse keys.
 */
export const API_KEY_AREA_OF_TAG: Readonly<Record<string, ApiKeyArea>> = {
  contacts: 'contacts',
  messaging: 'messages',
  integrations: 'webhooks',
  workflows: 'events',
};

/** The secret's visible start; the rest is shown once, at creation, and kept only as a hash. */
export const API_KEY_PREFIX = 'mk_';
/** Characters of the key after `mk_` that are stored in clear and shown in lists (the lookup key). */
export const API_KEY_PREFIX_LENGTH = 8;

/**
 * The events an endpoint can subscribe to (the contract's `WebhookEventType`); each has its payload schema in the
 * contract's `webhooks:` section (shared/webhookEvents.test.ts checks the two name the same events).
 */
export const WEBHOOK_EVENT_TYPES = EventTypeSchema.enum;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Delivery rules (issue 20): time-out per attempt, the backoff schedule, and how long the log is kept. */
export const WEBHOOK_LIMITS = {
  timeoutMs: 15_000,
  /** Delay before each attempt after the first (about three days in all). */
  retryDelaysMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000],
  /** An endpoint failing this long is disabled and the company's admins are told. */
  disableAfterMs: 3 * 24 * 3600_000,
  /** The previous secret keeps signing this long after a rotation. */
  previousSecretMs: 24 * 3600_000,
  logDays: 30,
  responseBodyBytes: 2048,
} as const;
