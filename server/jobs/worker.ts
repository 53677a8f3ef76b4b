import { advanceWorkflowTask } from './advanceWorkflow.ts';
import { workflowTriggerTask } from './workflowTrigger.ts';
import { workflowDatesTask } from './workflowDates.ts';
import { scheduleUserflowRunsTask, scoreUserflowModelTask, trainUserflowModelTask } from './userflowModels.ts';
import { Logger, run, runMigrations, type Runner, type Task, type TaskList } from 'graphile-worker';
import type { AppContext } from '../context.ts';
import type { Pool } from '../db/pool.ts';
import { createEmailChannel } from '../channels/email.ts';
import { SmtpPools } from '../channels/email/adapter.ts';
import { deliverMailTask } from './deliverMail.ts';
import { sendDigestsTask } from './digest.ts';
import { exportContactsTask } from './exportContacts.ts';
import { cleanImportUploadsTask, importContactsTask } from './importContacts.ts';
import { sendMessageBatchTask, startMessageTask } from './sendMessages.ts';
import { pruneAuditLogTask } from './pruneAuditLog.ts';
import { cleanWebhookLogTask, deliverWebhookTask, drainWebhookEndpointTask } from './deliverWebhook.ts';
import { maintainTrackerPartitionsTask } from './trackerPartitions.ts';
import type { Dispatcher } from 'undici';
import { createOutgoingAgent } from '../http/outgoingAgent.ts';
import { DEFAULT_RECOVERY, watchWorkers, type RecoveryOptions } from './recovery.ts';
import type { InboundListener } from '../services/messaging/inbound/listener.ts';
import { TASKS, type TaskName } from '../../shared/jobs.ts';

/** Installs or upgrades graphile-worker's own schema (part of migrating the database). */
export async function migrateJobs(pool: Pool): Promise<void> {
  await runMigrations({ pgPool: pool });
}

export interface JobWorker {
  runner: Runner;
  /** The inbound SMTP listener (bounces, complaints, replies) when INBOUND_SMTP_PORT is set. */
  inbound?: InboundListener;
  stop(): Promise<void>;
}

export function taskList(
  ctx: AppContext,
  email: ReturnType<typeof createEmailChannel> | undefined,
  pools: SmtpPools = new SmtpPools(),
  concurrency = 4,
  stopping?: AbortSignal,
  // Webhook posts go through the outgoing request guard: customers' URLs never reach private addresses.
  webhooks: Dispatcher = createOutgoingAgent(ctx.config),
): TaskList {
  return {
    [TASKS.deliverMail]: deliverMailTask(ctx, email),
    [TASKS.sendDigests]: sendDigestsTask(ctx),
    [TASKS.importContacts]: importContactsTask(ctx, stopping),
    [TASKS.exportContacts]: exportContactsTask(ctx),
    [TASKS.cleanImportUploads]: cleanImportUploadsTask(ctx),
    [TASKS.startMessage]: startMessageTask(ctx),
    // Batches running at once share the pool: together they hold at most its connections in flight.
    [TASKS.sendMessageBatch]: sendMessageBatchTask(
      ctx,
      pools,
      Math.max(1, Math.floor(pools.maxConnections / concurrency)),
    ),
    [TASKS.deliverWebhook]: deliverWebhookTask(ctx, webhooks),
    [TASKS.drainWebhookEndpoint]: drainWebhookEndpointTask(ctx, webhooks),
    [TASKS.cleanWebhookLog]: cleanWebhookLogTask(ctx),
    [TASKS.pruneAuditLog]: pruneAuditLogTask(ctx),
    [TASKS.maintainTrackerPartitions]: maintainTrackerPartitionsTask(ctx),
    [TASKS.advanceWorkflow]: advanceWorkflowTask(ctx),
    [TASKS.workflowTrigger]: workflowTriggerTask(ctx),
    [TASKS.workflowDates]: workflowDatesTask(ctx),
    [TASKS.trainUserflowModel]: trainUserflowModelTask(ctx),
    [TASKS.scoreUserflowModel]: scoreUserflowModelTask(ctx),
    [TASKS.scheduleUserflowRuns]: scheduleUserflowRunsTask(ctx),
  } satisfies Record<TaskName, Task>;
}

/** Runs the job worker in this process (ROLE=all or worker). */
export async function startWorker(
  ctx: AppContext,
  options: { concurrency?: number; pollInterval?: number; recovery?: RecoveryOptions } = {},
): Promise<JobWorker> {
  const email = ctx.config.smtpUrl ? createEmailChannel(ctx.config.smtpUrl) : undefined;
  // Campaign sends: pooled SMTP connections per relay, shared by every batch this process runs.
  const pools = new SmtpPools();
  // Aborted when the worker stops: long jobs (imports) stop after their batch in hand and are queued again.
  const stopping = new AbortController();
  const webhooks = createOutgoingAgent(ctx.config);
  const watch = watchWorkers(ctx.pool, ctx.log, options.recovery ?? DEFAULT_RECOVERY);
  await watch.ready; // jobs of dead workers are back in the queue before the first look for work
  const runner = await run({
    events: watch.events,
    pgPool: ctx.pool,
    taskList: taskList(ctx, email, pools, options.concurrency ?? 4, stopping.signal, webhooks),
    concurrency: options.concurrency ?? 4,
    pollInterval: options.pollInterval ?? 2000,
    noHandleSignals: true,
    // Due digests are looked for every minute; a missed minute (worker down) is not replayed, the next run catches up.
    // Abandoned uploads are cleaned hourly; the webhook delivery log and the tracker's partitions and retention daily.
    crontab: [
      `* * * * * ${TASKS.sendDigests} ?max=1`,
      `17 * * * * ${TASKS.cleanImportUploads} ?max=1`,
      `43 3 * * * ${TASKS.cleanWebhookLog} ?max=1`,
      `23 3 * * * ${TASKS.maintainTrackerPartitions} ?max=1`,
      `7 4 * * * ${TASKS.pruneAuditLog} ?max=1`,
      `* * * * * ${TASKS.scheduleUserflowRuns} ?max=1`,
    ].join('\n'),
    logger: new Logger(() => (level, message, meta) => {
      const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
      ctx.log[method]({ jobs: meta }, message);
    }),
  });
  // The worker role receives bounces, complaints and replies; it stops taking mail before its jobs stop.
  const port = ctx.config.inboundSmtpPort;
  // Loaded only when configured: smtp-server and mailparser stay out of workers that do not receive mail.
  const inbound =
    port === undefined
      ? undefined
      : await (await import('../services/messaging/inbound/listener.ts')).startInboundSmtp(ctx, { port });
  if (inbound) ctx.log.info({ port: inbound.port }, 'inbound SMTP listening');
  return {
    runner,
    ...(inbound ? { inbound } : {}),
    async stop() {
      stopping.abort();
      await inbound?.close();
      await watch.stop();
      await runner.stop();
      email?.close();
      pools.close();
      await webhooks.close();
    },
  };
}
