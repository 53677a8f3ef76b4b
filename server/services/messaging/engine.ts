import type { PoolClient } from '../../db/pool.ts';
import { EmbeddedTooLargeError, ImageFetchError } from '../../channels/email/images.ts';
import { prepareEmail } from '../../channels/email/render.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { assertWithinLimit } from '../billing/limits.ts';
import { assertCredits, InsufficientCredits, refundUnsent } from '../billing/sends.ts';
import type { Scope } from '../scope.ts';
import { contentOf, loadMessage, type MessageRow } from './messageRow.ts';
import { blockingProblems, presendChecklist } from './checklist.ts';
import { freezeRecipients } from './freeze.ts';
import { sendingIdentity } from './sendingIdentity.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import { nextRuns } from '../../../shared/cron.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { LIVE_CHANNELS, MESSAGING_TEXTS, type Channel, type MessageStatus } from '../../../shared/messaging.ts';
import { ENGINE_TEXTS } from '../../../shared/sending.ts';
import { PAUSE_REASON_CREDITS } from '../../../shared/billing.ts';

/**
 * The sending engine's operations on a campaign: send (now, at a date and time in a time zone, or repeating on a cron
 * pattern), pause, resume, cancel and retry the failed recipients. Sending freezes the recipients and queues one job
 * per batch (batch.ts sends them); each operation answers the campaign's new status and counts.
 */
export type MessageSendState = components['schemas']['MessageSendState'];

export async function sendState(scope: Scope, channel: Channel, messageId: number): Promise<MessageSendState> {
  const { rows } = await scope.db.query<MessageSendState>(
    `select m.id::int, m.status, m.recipients_total as "recipientsTotal", m.recipients_excluded as "recipientsExcluded",
            coalesce(r.pending, 0)::int as pending, coalesce(r.deferred, 0)::int as deferred,
            coalesce(r.sent, 0)::int as sent, coalesce(r.not_delivered, 0)::int as "notDelivered",
            coalesce(r.skipped, 0)::int as skipped,
            case when m.status in ('sending', 'paused') then m.pending_reason end as "pendingReason",
            to_json(m.scheduled_at) #>> '{}' as "scheduledAt", to_json(m.next_run_at) #>> '{}' as "nextRunAt",
            m.failure
       from messages m
       left join lateral (
         select count(*) filter (where state = 'pending') as pending,
                count(*) filter (where state = 'deferred') as deferred,
                count(*) filter (where state in ('sent', 'delivered')) as sent,
                count(*) filter (where state = 'not_delivered') as not_delivered,
                count(*) filter (where state = 'skipped') as skipped
           from message_recipients x where x.company_id = m.company_id and x.message_id = m.id) r on true
      where m.company_id = $1 and m.id = $2 and m.channel = $3`,
    [scope.companyId, messageId, channel],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The campaign for an operation, locked for its transaction; another company's or channel's id is not found. */
async function locked(tx: PoolClient, scope: Scope, channel: Channel, messageId: number): Promise<MessageRow> {
  const message = await loadMessage(tx, scope.companyId, messageId, true);
  if (!message || message.channel !== channel) throw notFound();
  return message;
}

const setStatus = (tx: PoolClient, scope: Scope, id: number, status: MessageStatus, extra = '') =>
  tx.query(`update messages set status = $3, updated_at = now() ${extra} where company_id = $1 and id = $2`, [
    scope.companyId,
    id,
    status,
  ]);

/** Queues a job for each batch that still has recipients to send (a start, a resume, a retry). */
async function queueBatches(tx: PoolClient, scope: Pick<Scope, 'companyId'>, messageId: number, batches?: number[]) {
  const list =
    batches ??
    (
      await tx.query<{ batch: number }>(
        `select distinct batch from message_recipients where company_id = $1 and message_id = $2
            and state in ('pending', 'deferred') order by batch`,
        [scope.companyId, messageId],
      )
    ).rows.map((r) => r.batch);
  for (const batch of list) await enqueue(tx, TASKS.sendMessageBatch, { companyId: scope.companyId, messageId, batch });
}

/**
 * Freezes the recipients and queues the batches: the campaign is sending (or sent at once, with nobody to send to).
 * A channel balance that cannot pay for every recipient refuses the send (402, nothing queued: the caller's
 * transaction rolls back), or with `short: 'pause'` (a scheduled start, no one to answer) leaves the campaign paused
 * with `credits_exhausted`, its recipients frozen, until credits are granted.
 */
export async function startNow(
  tx: PoolClient,
  scope: Scope,
  message: MessageRow,
  short: 'refuse' | 'pause' = 'refuse',
) {
  const frozen = await freezeRecipients(tx, {
    companyId: scope.companyId,
    messageId: message.id,
    channel: message.channel,
    includeLists: message.include_lists,
    includeSegments: message.include_segments,
    excludeLists: message.exclude_lists,
    excludeSegments: message.exclude_segments,
    parentId: message.parent_id,
    resendFilter: message.resend_filter,
  });
  // The plan's monthly sends (402 Upgrade required): refused before anything is queued; the transaction rolls back.
  await assertWithinLimit(tx, scope.companyId, 'sends', frozen.total, scope.config.billing);
  try {
    await assertCredits(tx, scope.companyId, message.channel, frozen.total, scope.config.billing);
  } catch (error) {
    if (!(error instanceof InsufficientCredits) || short === 'refuse') throw error;
    await setStatus(tx, scope, message.id, 'paused', `, sent_at = now(), pending_reason = '${PAUSE_REASON_CREDITS}'`);
    return;
  }
  await setStatus(
    tx,
    scope,
    message.id,
    frozen.total === 0 ? 'sent' : 'sending',
    `, sent_at = now(), pending_reason = null, failure = null${frozen.total === 0 ? ', finished_at = now()' : ''}`,
  );
  await queueBatches(
    tx,
    scope,
    message.id,
    Array.from({ length: frozen.batches }, (_, i) => i),
  );
}

/** Refuses a campaign the checklist blocks, or whose embedded images pass the 5MB limit (422 naming each problem). */
async function assertSendable(scope: Scope, message: MessageRow) {
  const problems = blockingProblems(await presendChecklist(scope, message.id));
  if (problems.length)
    throw invalid(
      Object.fromEntries(problems.map((p) => [p.key, [p.detail ?? ENGINE_TEXTS.checklistBlocked]])),
      ENGINE_TEXTS.checklistBlocked,
    );
  if (!message.embed_images || !message.sender_id) return;
  const identity = await sendingIdentity(scope, message.sender_id);
  if (!identity) throw invalid({ senderId: [ENGINE_TEXTS.senderMissing] });
  try {
    await prepareEmail(contentOf(scope.companyId, message, identity), identity, { tracking: true, db: scope.db });
  } catch (error) {
    if (error instanceof EmbeddedTooLargeError) throw invalid({ embedImages: [MESSAGING_TEXTS.embeddedTooLarge] });
    if (error instanceof ImageFetchError) throw invalid({ embedImages: [ENGINE_TEXTS.imageUnreadable] });
    throw error;
  }
}

/** The next time a schedule runs after now; null for `now`. 422 for a repeat with no future run or a bad zone. */
async function nextRunOf(tx: PoolClient, schedule: MessageRow['schedule']): Promise<Date | null> {
  if (schedule.mode === 'now') return null;
  const timeZone = schedule.timeZone || 'UTC';
  if (schedule.mode === 'repeat') {
    let next: Date | undefined;
    try {
      next = nextRuns(schedule.pattern, 1, timeZone)[0];
    } catch {
      next = undefined;
    }
    if (!next) throw invalid({ schedule: [ENGINE_TEXTS.scheduleInvalid] });
    return next;
  }
  // A date and time with an offset is that instant; without one it is a wall-clock time in the schedule's zone.
  try {
    const { rows } = await tx.query<{ at: Date }>(
      `select case when $1 ~ '(Z|[+-]\\d\\d:?\\d\\d)$' then $1::timestamptz
                   else $1::timestamp at time zone $2 end as at`,
      [schedule.at, timeZone],
    );
    return rows[0]!.at;
  } catch {
    throw invalid({ schedule: [ENGINE_TEXTS.scheduleInvalid] });
  }
}

export async function sendMessage(scope: Scope, channel: Channel, messageId: number): Promise<MessageSendState> {
  const peek = await loadMessage(scope.db, scope.companyId, messageId);
  if (!peek || peek.channel !== channel) throw notFound();
  if (!LIVE_CHANNELS.includes(channel)) throw conflict('channel_not_live', ENGINE_TEXTS.channelNotLive);
  if (peek.status !== 'draft') throw conflict('message_status', ENGINE_TEXTS.notSendable);
  await assertSendable(scope, peek);
  await scope.db.transaction(async (tx) => {
    const message = await locked(tx, scope, channel, messageId);
    if (message.status !== 'draft') throw conflict('message_status', ENGINE_TEXTS.notSendable);
    const runAt = await nextRunOf(tx, message.schedule);
    if (!runAt || (message.schedule.mode === 'at' && runAt <= new Date())) return startNow(tx, scope, message);
    const column = message.schedule.mode === 'repeat' ? 'next_run_at' : 'scheduled_at';
    await tx.query(
      `update messages set status = 'scheduled', ${column} = $3, updated_at = now() where company_id = $1 and id = $2`,
      [scope.companyId, messageId, runAt],
    );
    await enqueue(tx, TASKS.startMessage, { companyId: scope.companyId, messageId }, runAt);
  });
  return sendState(scope, channel, messageId);
}

/**
 * The `start_message` job: a scheduled campaign starts; a repeating one makes a child campaign (parent_id) of this
 * run, sends it, and queues its own next run. A campaign the checklist now blocks (its sender lost its verification,
 * say) fails with the problems named instead of sending.
 */
export async function startScheduled(scope: Scope, messageId: number): Promise<void> {
  const peek = await loadMessage(scope.db, scope.companyId, messageId);
  if (!peek || peek.status !== 'scheduled') return;
  const problems = blockingProblems(await presendChecklist(scope, messageId));
  await scope.db.transaction(async (tx) => {
    const message = await loadMessage(tx, scope.companyId, messageId, true);
    if (!message || message.status !== 'scheduled') return;
    if (problems.length) {
      await tx.query(
        `update messages set status = 'failed', failure = $3, finished_at = now(), updated_at = now()
          where company_id = $1 and id = $2`,
        [scope.companyId, messageId, `${ENGINE_TEXTS.checklistBlocked} (${problems.map((p) => p.key).join(', ')})`],
      );
      return;
    }
    if (message.schedule.mode !== 'repeat') return startNow(tx, scope, message, 'pause');
    const { rows } = await tx.query<{ id: number }>(
      `insert into messages (company_id, channel, name, type, category, status, subject, preview_text, from_name,
                             sender_id, reply_to, template_id, design, source, html, text_body, embed_images,
                             mirror_link, include_lists, include_segments, exclude_lists, exclude_segments, parent_id,
                             created_by)
       select company_id, channel, left(name || ' · ' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI'), 200),
              type, category, 'draft', subject, preview_text, from_name, sender_id, reply_to, template_id, design,
              source, html, text_body, embed_images, mirror_link, include_lists, include_segments, exclude_lists,
              exclude_segments, id, created_by
         from messages where company_id = $1 and id = $2
       returning id::int`,
      [scope.companyId, messageId],
    );
    const child = await loadMessage(tx, scope.companyId, rows[0]!.id, true);
    await startNow(tx, scope, child!, 'pause');
    const next = await nextRunOf(tx, message.schedule);
    await tx.query(`update messages set next_run_at = $3, updated_at = now() where company_id = $1 and id = $2`, [
      scope.companyId,
      messageId,
      next,
    ]);
    await enqueue(tx, TASKS.startMessage, { companyId: scope.companyId, messageId }, next!);
  });
}

export async function pauseMessage(scope: Scope, channel: Channel, messageId: number) {
  await scope.db.transaction(async (tx) => {
    const message = await locked(tx, scope, channel, messageId);
    if (message.status !== 'sending') throw conflict('message_status', ENGINE_TEXTS.notPausable);
    await setStatus(tx, scope, messageId, 'paused');
  });
  return sendState(scope, channel, messageId);
}

export async function resumeMessage(scope: Scope, channel: Channel, messageId: number) {
  await scope.db.transaction(async (tx) => {
    const message = await locked(tx, scope, channel, messageId);
    if (message.status !== 'paused') throw conflict('message_status', ENGINE_TEXTS.notResumable);
    // A campaign paused for its sender resumes only from a verified sender (else it would pause again at once).
    const identity = message.sender_id ? await sendingIdentity(scope, message.sender_id) : null;
    if (identity && !identity.verified) throw conflict('sender_unverified', ENGINE_TEXTS.senderUnverified);
    // One paused for credits resumes only when its balance pays for at least its next recipient.
    await assertCredits(tx, scope.companyId, channel, 1, scope.config.billing);
    await setStatus(
      tx,
      scope,
      messageId,
      'sending',
      `, pending_reason = case when pending_reason in ('sender_unverified', '${PAUSE_REASON_CREDITS}') then null
                               else pending_reason end`,
    );
    await queueBatches(tx, scope, messageId);
  });
  return sendState(scope, channel, messageId);
}

/**
 * After credits are granted on a channel: its campaigns paused for credits send again (their batches queued; each
 * pays for what it sends, and pauses again if the grant does not cover everyone). Runs in the grant's transaction.
 */
export async function resumePausedForCredits(tx: PoolClient, companyId: string, channel: Channel): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `update messages set status = 'sending', pending_reason = null, updated_at = now()
      where company_id = $1 and channel = $2 and status = 'paused' and pending_reason = $3
     returning id::int`,
    [companyId, channel, PAUSE_REASON_CREDITS],
  );
  for (const { id } of rows) await queueBatches(tx, { companyId }, id);
  return rows.map((r) => r.id);
}

/** Cancels a campaign: a batch checks the status before each window, so nothing more goes out within one batch. */
export async function cancelMessage(scope: Scope, channel: Channel, messageId: number) {
  await scope.db.transaction(async (tx) => {
    const message = await locked(tx, scope, channel, messageId);
    if (!['draft', 'scheduled', 'sending', 'paused'].includes(message.status))
      throw conflict('message_status', ENGINE_TEXTS.notCancellable);
    await setStatus(tx, scope, messageId, 'cancelled', ', finished_at = now(), pending_reason = null');
    // Recipients paid for and not sent get their credits back (those in flight are being sent).
    if (scope.config.billing) await refundUnsent(tx, scope.companyId, message, true);
  });
  return sendState(scope, channel, messageId);
}

/**
 * Sends again to the recipients that were not delivered (never to a blocklisted address: a hard bounce or a
 * complaint stays final). The campaign is sending again until they have a final state.
 */
export async function retryFailed(scope: Scope, channel: Channel, messageId: number) {
  await scope.db.transaction(async (tx) => {
    const message = await locked(tx, scope, channel, messageId);
    if (!['sent', 'sending'].includes(message.status)) throw conflict('message_status', ENGINE_TEXTS.notRetryable);
    const { rows } = await tx.query<{ batch: number }>(
      `update message_recipients r set state = 'pending', attempts = 0, next_attempt_at = null, in_flight_at = null
        where r.company_id = $1 and r.message_id = $2 and r.state = 'not_delivered'
          and not exists (select 1 from channel_blocklist b
                           where b.company_id = $1 and b.channel = $3 and b.address = r.address)
       returning r.batch`,
      [scope.companyId, messageId, channel],
    );
    if (rows.length === 0) return;
    await setStatus(tx, scope, messageId, 'sending', ', finished_at = null');
    await queueBatches(
      tx,
      scope,
      messageId,
      [...new Set(rows.map((r) => r.batch))].sort((a, b) => a - b),
    );
  });
  return sendState(scope, channel, messageId);
}
