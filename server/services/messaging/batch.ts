import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { SendOutcome } from '../../channels/adapter.ts';
import { emailAdapter, type EmailRendered } from '../../channels/email/adapter.ts';
import { EmbeddedTooLargeError, ImageFetchError } from '../../channels/email/images.ts';
import { prepareEmail, routesReplies } from '../../channels/email/render.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { chargeBatch, pauseForCredits, refundUnsent, type BatchCharge } from '../billing/sends.ts';
import type { DebitResult } from '../billing/ledger.ts';
import { emitWebhookEvents, isSubscribed } from '../integrations/outbox.ts';
import type { Scope } from '../scope.ts';
import { contactScope, type ContactForMerge } from './liquid.ts';
import { contentOf, loadMessage, type MessageRow } from './messageRow.ts';
import { releaseSends, reserveSends } from './quota.ts';
import { pauseForUnverifiedSender, sendingIdentity } from './sendingIdentity.ts';
import { PAUSE_REASON_CREDITS } from '../../../shared/billing.ts';
import { TASKS } from '../../../shared/jobs.ts';
import type { Channel, MessageStatus } from '../../../shared/messaging.ts';
import {
  ENGINE_TEXTS,
  SEND_MAX_ATTEMPTS,
  SEND_RETRY_BASE_SECONDS,
  type PendingReason,
} from '../../../shared/sending.ts';

/** A campaign that cannot send at all (no sender, no relay, content over the limit) stops with the reason. */
async function failMessage(scope: Scope, messageId: number, failure: string) {
  await scope.db.query(
    `update messages set status = 'failed', failure = $3, finished_at = now(), updated_at = now()
      where company_id = $1 and id = $2 and status = 'sending'`,
    [scope.companyId, messageId, failure],
  );
}

/** The attribute names merge tags use for custom attributes (id → name). */
async function attributeNames(scope: Scope) {
  const { rows } = await scope.db.query<{ id: string; name: string }>(
    'select id::text, name from contact_attributes where company_id = $1',
    [scope.companyId],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

interface Taken extends ContactForMerge {
  id: number;
  contact_id: number | null;
  address: string;
}

/**
 * One round trip per window of sends: records the outcomes of the previous window (recipient state, the provider's
 * answer, a message event, a timeline event for the contact) and, while the campaign is still sending, marks the
 * next window's recipients in flight and answers them with their contact's fields. A row is marked in flight before
 * it is handed to SMTP and cleared with its outcome, so a crash leaves only the in-flight window to send again.
 */
const WINDOW_SQL = `
with o as (
  select * from unnest($4::bigint[], $5::text[], $6::text[], $7::text[]) as o(id, state, response, provider_id)),
rec as (
  update message_recipients r set
    state = case when o.state = 'deferred' and r.attempts + 1 >= $8 then 'not_delivered' else o.state end,
    attempts = r.attempts + 1,
    next_attempt_at = case when o.state = 'deferred'
                           then now() + make_interval(secs => $9 * power(4, r.attempts)) end,
    provider_response = o.response,
    provider_message_id = coalesce(o.provider_id, r.provider_message_id),
    sent_at = case when o.state = 'sent' then now() else r.sent_at end,
    in_flight_at = null
  from o where r.company_id = $1 and r.message_id = $2 and r.id = o.id
  returning r.id, r.contact_id, r.state, r.provider_response, r.attempts),
ev as (
  insert into message_events (company_id, message_id, recipient_id, contact_id, channel, type, detail)
  select $1, $2, id, contact_id, $10, state, jsonb_build_object('response', provider_response, 'attempt', attempts)
    from rec),
timeline as (
  insert into contact_events (company_id, contact_id, type, payload)
  select $1, contact_id, 'message.sent', jsonb_build_object('messageId', $2::bigint, 'channel', $10::text)
    from rec where contact_id is not null and state = 'sent'),
pick as materialized (
  select id from message_recipients
   where company_id = $1 and message_id = $2 and batch = $3
     and (state = 'pending' or (state = 'deferred' and next_attempt_at <= now()))
     and id <> all($4::bigint[])
     and (charged or not $12::boolean)
     and (select status from messages where company_id = $1 and id = $2) = 'sending'
   order by id limit $11 for update skip locked),
take as (
  update message_recipients r set in_flight_at = now() from pick
   where r.company_id = $1 and r.message_id = $2 and r.id = pick.id
  returning r.id, r.contact_id, r.address::text)
select t.id::int, t.contact_id::int, t.address, c.email::text, c.first_name, c.last_name, c.phone_prefix,
       c.phone_number, c.country, c.language, c.address as contact_address, coalesce(c.attributes, '{}') as attributes
  from take t left join contacts c on c.company_id = $1 and c.id = t.contact_id
 order by t.id`;

export interface BatchDeps {
  /** The process's pooled SMTP transport for a relay URL. */
  transport(url: string): Transporter<SMTPPool.SentMessageInfo>;
  /** Messages handed to SMTP at once (the pool's connections): also the most duplicated by a crash. */
  window: number;
  /** Called after each window is recorded, with the contacts sent to (realtime counters and timelines). */
  progressed?(messageId: number, contactIds: number[]): void;
  /** Called after the batch's debit committed (the low-balance notice: billing/alerts.ts `afterDebit`). */
  charged?(channel: Channel, debit: DebitResult): Promise<void>;
}

export interface BatchResult {
  sent: number;
  deferred: number;
  notDelivered: number;
  /** The batch's next run, when recipients wait (a retry, the sender's next minute or day). */
  nextRunAt: Date | null;
  pendingReason: PendingReason | null;
  /** Due recipients the balance could not pay for (the campaign paused with `credits_exhausted`). */
  unpaid: number;
  /** This run ended the campaign: every recipient has a final state (it is `sent`). */
  finished: boolean;
}

/**
 * Sends one batch of a campaign: the job of `send_message_batch`. Idempotent: run again (a retry, a resume, a restart
 * after a crash) it sends only the batch's recipients without an outcome, and those in flight when a run died.
 */
export async function runBatch(scope: Scope, deps: BatchDeps, messageId: number, batch: number): Promise<BatchResult> {
  // One run of a batch at a time: a transaction that holds the batch's advisory lock while the run sends. Two runs
  // can overlap (a job queued under the batch's key while its run is going starts beside it; a worker that stalls
  // past its job lock), and a second run would take the first's in-flight window as a crash's leftovers and send it
  // again. The lock goes with the holder's connection, so a killed worker frees it at once. The transaction only
  // holds the lock (no snapshot, no row lock); the run's statements use other connections.
  return scope.db.transaction(async (holder) => {
    const { rows } = await holder.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1, hashtext($2::text)) as locked',
      [SEND_BATCH_LOCK_CLASS, `${scope.companyId}:${messageId}:${batch}`],
    );
    if (rows[0]!.locked) return sendBatch(scope, deps, messageId, batch);
    // The running one may have passed recipients added after its last look (a workflow's send step): look again.
    const result = { ...NOTHING_SENT, nextRunAt: new Date(Date.now() + BATCH_BUSY_RETRY_MS) };
    await enqueue(scope.db, TASKS.sendMessageBatch, { companyId: scope.companyId, messageId, batch }, result.nextRunAt);
    return result;
  });
}

/** Advisory lock class of a campaign batch's run, for the two-key form (see runBatch). */
const SEND_BATCH_LOCK_CLASS = 0x4d53_0001;
/** A run that finds its batch being sent looks again this much later. */
const BATCH_BUSY_RETRY_MS = 5_000;

const NOTHING_SENT: BatchResult = {
  sent: 0,
  deferred: 0,
  notDelivered: 0,
  nextRunAt: null,
  pendingReason: null,
  unpaid: 0,
  finished: false,
};

async function sendBatch(scope: Scope, deps: BatchDeps, messageId: number, batch: number): Promise<BatchResult> {
  const result: BatchResult = {
    sent: 0,
    deferred: 0,
    notDelivered: 0,
    nextRunAt: null,
    pendingReason: null,
    unpaid: 0,
    finished: false,
  };
  const message = await loadMessage(scope.db, scope.companyId, messageId);
  if (!message || message.status !== 'sending') return result;
  const identity = message.sender_id ? await sendingIdentity(scope, message.sender_id) : null;
  const relay = identity?.relayUrl ?? scope.config.smtpUrl;
  if (!identity || !relay) {
    await failMessage(scope, messageId, identity ? ENGINE_TEXTS.noRelay : ENGINE_TEXTS.senderMissing);
    return result;
  }
  if (!identity.verified) {
    await pauseForUnverifiedSender(scope.db, scope.companyId, { messageId });
    result.pendingReason = 'sender_unverified';
    return result;
  }
  const content = contentOf(scope.companyId, message, identity);
  let prepared;
  try {
    prepared = await prepareEmail(content, identity, { tracking: true, db: scope.db });
  } catch (error) {
    if (!(error instanceof EmbeddedTooLargeError || error instanceof ImageFetchError)) throw error;
    await failMessage(scope, messageId, error.message);
    return result;
  }
  if (prepared.links.length)
    await scope.db.query(
      `insert into message_links (company_id, message_id, idx, url)
       select $1, $2, i, url from unnest($3::text[]) with ordinality as l(url, i) on conflict do nothing`,
      [scope.companyId, messageId, prepared.links],
    );
  const adapter = emailAdapter(
    { secret: scope.config.secret, publicUrl: scope.config.publicUrl, inboundReplies: routesReplies(scope.config) },
    prepared,
    deps.transport(relay),
  );
  const names = await attributeNames(scope);
  // With an endpoint listening, each window's outcomes and their `message.sent` events commit together.
  const sentHooks = await isSubscribed(scope.db, scope.companyId, 'message.sent');

  const { rows: due } = await scope.db.query<{ n: number }>(
    `select count(*)::int as n from message_recipients where company_id = $1 and message_id = $2 and batch = $3
        and (state = 'pending' or (state = 'deferred' and next_attempt_at <= now()))`,
    [scope.companyId, messageId, batch],
  );
  const reservation = await reserveSends(scope, identity, due[0]!.n);
  // Credits (billing/sends.ts): the recipients this run may send are paid for before any of them goes to SMTP.
  const billing = scope.config.billing;
  let charge: BatchCharge | null = null;
  if (billing) {
    charge = await scope.db.transaction((tx) => chargeBatch(tx, scope.companyId, message, batch, reservation.granted));
    if (charge.debit) await deps.charged?.(message.channel, charge.debit);
    result.unpaid = charge.short;
  }
  let remaining = charge ? charge.paid : reservation.granted;
  let outcomes: SendOutcome[] = [];
  const contactOf = new Map<number, number | null>();
  let attempted = 0;
  for (;;) {
    const limit = Math.min(deps.window, remaining);
    const params = [
      scope.companyId,
      messageId,
      batch,
      outcomes.map((o) => o.recipientId),
      outcomes.map((o) => o.state),
      outcomes.map((o) => o.response),
      outcomes.map((o) => (o.state === 'sent' ? (o.providerMessageId ?? null) : null)),
      SEND_MAX_ATTEMPTS,
      SEND_RETRY_BASE_SECONDS,
      message.channel,
      limit,
      billing,
    ];
    const sent = sentHooks ? outcomes.filter((o) => o.state === 'sent') : [];
    const { rows } = sent.length
      ? await scope.db.transaction(async (client) => {
          const window = await client.query<Taken & { contact_address: string | null }>(WINDOW_SQL, params);
          const at = new Date().toISOString();
          await emitWebhookEvents(
            client,
            scope.companyId,
            'message.sent',
            sent.map((o) => ({
              messageId,
              recipientId: o.recipientId,
              contactId: contactOf.get(o.recipientId) ?? null,
              channel: message.channel,
              at,
            })),
          );
          return window;
        })
      : await scope.db.query<Taken & { contact_address: string | null }>(WINDOW_SQL, params);
    for (const o of outcomes)
      result[o.state === 'sent' ? 'sent' : o.state === 'deferred' ? 'deferred' : 'notDelivered']++;
    if (outcomes.length)
      deps.progressed?.(
        messageId,
        outcomes.flatMap((o) => (o.state === 'sent' && contactOf.get(o.recipientId)) || []),
      );
    outcomes = [];
    contactOf.clear();
    for (const row of rows) contactOf.set(row.id, row.contact_id);
    if (rows.length === 0) break;
    remaining -= rows.length;
    attempted += rows.length;
    const rendered: EmailRendered[] = await Promise.all(
      rows.map((row) =>
        adapter.render(content, {
          id: row.id,
          contactId: row.contact_id,
          address: row.address,
          language: row.language,
          merge: contactScope({ ...row, address: row.contact_address }, names),
        }),
      ),
    );
    outcomes = await adapter.sendBatch(content, rendered);
  }
  await releaseSends(scope, identity, reservation, reservation.granted - attempted);
  if (billing) {
    await scope.db.transaction((tx) => refundUnsent(tx, scope.companyId, message));
    // Paused before settling, so the batch is not queued again until credits come (billing/sends.ts).
    if (result.unpaid > 0) await pauseForCredits(scope.db, scope.companyId, message.id);
  }
  await settleBatch(scope, message, batch, reservation, result);
  return result;
}

/**
 * After a batch run: its next run when recipients wait (deferred ones at their
 * retry time, the rest when the sender's window ends), the campaign's pending reason, and `sent` once every recipient
 * has a final state.
 */
async function settleBatch(
  scope: Scope,
  message: MessageRow,
  batch: number,
  reservation: Awaited<ReturnType<typeof reserveSends>>,
  result: BatchResult,
) {
  const { companyId } = scope;
  const { rows } = await scope.db.query<{ status: MessageStatus; pending: number; next_retry: Date | null }>(
    `select m.status,
            (select count(*) from message_recipients r where r.company_id = $1 and r.message_id = $2 and r.batch = $3
                and r.state = 'pending')::int as pending,
            (select min(next_attempt_at) from message_recipients r where r.company_id = $1 and r.message_id = $2
                and r.batch = $3 and r.state = 'deferred') as next_retry
       from messages m where m.company_id = $1 and m.id = $2`,
    [companyId, message.id, batch],
  );
  const state = rows[0]!;
  if (state.status === 'sending') {
    if (state.pending > 0 && reservation.limitedBy) {
      result.nextRunAt = reservation.retryAt;
      result.pendingReason = reservation.limitedBy;
    } else if (state.pending > 0) {
      // Recipients another run held (a pause and resume while this one sent): look again shortly.
      result.nextRunAt = new Date(Date.now() + 5_000);
    } else if (state.next_retry) {
      result.nextRunAt = state.next_retry;
      result.pendingReason = 'deferred';
    }
    if (result.nextRunAt)
      await enqueue(scope.db, TASKS.sendMessageBatch, { companyId, messageId: message.id, batch }, result.nextRunAt);
  }
  // The campaign's row is locked by a statement of its own first: the update below then takes its snapshot after any
  // transaction that added recipients meanwhile (a workflow's send step) has committed, so it never calls `sent` a
  // campaign whose new recipients it could not see (READ COMMITTED re-checks a waited-for row, not its subqueries).
  const settled = await scope.db.transaction(async (tx) => {
    await tx.query('select 1 from messages where company_id = $1 and id = $2 for update', [companyId, message.id]);
    return tx.query<{ finished: boolean }>(
      `update messages m set
       pending_reason = case when $3::text is not null then $3::text
                             when m.status = 'paused' and m.pending_reason in ('sender_unverified', $4)
                               then m.pending_reason
                             when exists (select 1 from message_recipients r
                                           where r.company_id = $1 and r.message_id = $2
                                             and r.state = 'deferred') then 'deferred' end,
       status = case when m.status = 'sending' and not exists (
                       select 1 from message_recipients r where r.company_id = $1 and r.message_id = $2
                          and r.state in ('pending', 'deferred')) then 'sent' else m.status end,
       finished_at = case when m.status = 'sending' and not exists (
                       select 1 from message_recipients r where r.company_id = $1 and r.message_id = $2
                          and r.state in ('pending', 'deferred')) then now() else m.finished_at end,
       updated_at = now()
     where m.company_id = $1 and m.id = $2
     returning m.status = 'sent' and m.finished_at = now() as finished`,
      [companyId, message.id, result.pendingReason, PAUSE_REASON_CREDITS],
    );
  });
  // finished_at is this transaction's now() only when this statement ended the campaign (once, whichever batch).
  result.finished = Boolean(settled.rows[0]?.finished);
}
