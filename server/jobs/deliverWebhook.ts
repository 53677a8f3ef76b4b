import type { Task } from 'graphile-worker';
import type { AppContext } from '../context.ts';

/**
 * Delivers one webhook delivery (issue 20): Standard Webhooks signing, SSRF guard, 15 s time-out, the delivery log,
 * the next attempt on WEBHOOK_LIMITS.retryDelaysMs, disabling an endpoint failing for three days.
 * Built by the webhook delivery area; until then the job fails loudly rather than pretending to deliver.
 */
export function deliverWebhookTask(ctx: AppContext): Task {
  return async () => {
    ctx.log.error('webhook delivery is not available in this build');
    throw new Error('webhook delivery is not available in this build');
  };
}
