import type { Task } from 'graphile-worker';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { SmtpPools } from '../channels/email/adapter.ts';
import { afterDebit } from '../services/billing/alerts.ts';
import { runBatch } from '../services/messaging/batch.ts';
import { sendState, startScheduled } from '../services/messaging/engine.ts';
import { notify } from '../services/notifications/notifications.ts';
import { forJob } from '../services/scope.ts';
import type { TaskPayloads } from './enqueue.ts';

/** Realtime counters of a sending campaign at most this often per process (the report's live figures). */
const PROGRESS_EVERY_MS = 1_000;

/** `start_message`: a scheduled campaign starts, or a repeating one sends its run and queues the next. */
export function startMessageTask(ctx: AppContext): Task {
  return async (payload) => {
    const { companyId, messageId } = payload as TaskPayloads[typeof TASKS.startMessage];
    await startScheduled(forJob(ctx, companyId), messageId);
  };
}

/**
 * `send_message_batch`: one batch of a campaign's recipients through the process's SMTP pools. The campaign's counters
 * go out over realtime (`message.updated`, throttled) and each contact sent to gets `contact.timeline`.
 */
export function sendMessageBatchTask(ctx: AppContext, pools: SmtpPools, window: number): Task {
  const lastEmit = new Map<number, number>();
  const emitState = async (companyId: string, messageId: number) => {
    const scope = forJob(ctx, companyId);
    const { rows } = await scope.db.query<{ channel: 'email' }>(
      'select channel from messages where company_id = $1 and id = $2',
      [companyId, messageId],
    );
    if (!rows[0]) return;
    const state = await sendState(scope, rows[0].channel, messageId);
    const {
      id,
      status,
      pendingReason: _reason,
      scheduledAt: _at,
      nextRunAt: _next,
      failure: _failure,
      ...counts
    } = state;
    ctx.realtime.toCompany(companyId, 'message.updated', { messageId: id, channel: rows[0].channel, status, counts });
  };
  return async (payload, helpers) => {
    const { companyId, messageId, batch } = payload as TaskPayloads[typeof TASKS.sendMessageBatch];
    const scope = forJob(ctx, companyId);
    const result = await runBatch(
      scope,
      {
        transport: (url) => pools.get(url),
        window,
        charged: (channel, debit) => afterDebit(ctx, companyId, channel, debit),
        progressed: (id, contactIds) => {
          for (const contactId of contactIds) ctx.realtime.toCompany(companyId, 'contact.timeline', { contactId });
          const now = Date.now();
          if (now - (lastEmit.get(id) ?? 0) < PROGRESS_EVERY_MS) return;
          lastEmit.set(id, now);
          void emitState(companyId, id).catch((err: unknown) => helpers.logger.warn(`message.updated: ${String(err)}`));
        },
      },
      messageId,
      batch,
    );
    lastEmit.delete(messageId);
    await emitState(companyId, messageId);
    if (result.finished) {
      // A campaign's end, not each email a workflow sends through its automated message.
      const { rows } = await scope.db.query<{ name: string }>(
        `select name from messages where company_id = $1 and id = $2 and type <> 'automated'`,
        [companyId, messageId],
      );
      if (rows[0])
        await notify(ctx, { companyId, kind: 'send.finished', level: 'success', values: { name: rows[0].name } });
    }
    helpers.logger.debug(`message ${messageId} batch ${batch}: ${JSON.stringify(result)}`);
  };
}
