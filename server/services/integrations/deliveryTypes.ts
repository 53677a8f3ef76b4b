import { WEBHOOK_LIMITS } from '../../../shared/integrations.ts';

// What webhook delivery (delivery.ts) works with: its limits, an endpoint, a claimed delivery, an attempt's outcome.

/** The delivery rules a worker runs with: WEBHOOK_LIMITS, shorter in the tests of backoff and disabling. */
export interface DeliveryLimits {
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  disableAfterMs: number;
  responseBodyBytes: number;
  /** Deliveries claimed per batch, and posted at once per drain. */
  batchSize: number;
  concurrency: number;
  /** A drain hands its worker slot back after this long and queues itself again. */
  drainBudgetMs: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = {
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
  retryDelaysMs: WEBHOOK_LIMITS.retryDelaysMs,
  disableAfterMs: WEBHOOK_LIMITS.disableAfterMs,
  responseBodyBytes: WEBHOOK_LIMITS.responseBodyBytes,
  batchSize: 200,
  concurrency: 16,
  drainBudgetMs: 30_000,
};

export interface Endpoint {
  id: number;
  url: string;
  enabled: boolean;
  secrets: string[];
}

export interface Claimed {
  id: number;
  attempts: number;
  event_uid: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

export interface AttemptResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  headers: Record<string, string>;
  requestBody: string;
}
