import type { PoolClient } from 'pg';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { WORKFLOW_LIMITS, type WorkflowNode } from '../../../shared/workflows.ts';
import type { Scope } from '../scope.ts';
import type { DueRun, StepResult } from './types.ts';
export type { DueRun, StepResult } from './types.ts';
import { branchOnConditions, changeList, updateAttribute, type RunRef } from './contactSteps.ts';
import { callWebhook, notifyMembers } from './outbound.ts';
import { waitEnd } from './waits.ts';

/**
 * The step executors of the workflow engine: what each kind of step does to a run's contact, in the transaction of
 * the step's record (engine.ts writes the record and moves the run).
 */

type Db = Pick<PoolClient, 'query'>;

/**
 * What the send steps of one advancing transaction share: the step messages already found (one look-up per step and
 * template, not per run) and the messages to set sending and queue once, when the batch's runs have moved
 * (`queueSends`), instead of an update of the message's row and a job per run.
 */
export interface SendBatch {
  messages: Map<string, number>;
  queued: Set<number>;
}

export const newSendBatch = (): SendBatch => ({ messages: new Map(), queued: new Set() });

/**
 * Sets each message the batch's send steps added recipients to sending and queues its batch job, in the batch's
 * transaction, so the recipients, the steps' records and the job commit together.
 */
export async function queueSends(db: Db, companyId: string, sends: SendBatch): Promise<void> {
  for (const messageId of sends.queued) {
    await db.query(
      `update messages set status = 'sending', finished_at = null, updated_at = now()
        where company_id = $1 and id = $2`,
      [companyId, messageId],
    );
    await enqueue(db, TASKS.sendMessageBatch, { companyId, messageId, batch: 0 });
  }
  sends.queued.clear();
}

/**
 * The send step: the contact becomes a recipient of the step's automated message and the campaign engine's batch
 * job sends it (content, tracking, credits and the sender's limits as for a campaign). In the step's transaction, so
 * the recipient row and the step's record commit together: a repeated job finds the step done and adds nobody. The
 * message's job is queued once for the batch's runs by `queueSends`, in the same transaction.
 */
async function sendEmail(
  db: Db,
  companyId: string,
  run: DueRun,
  step: { workflowId: number; nodeId: string; templateId: number | null },
  sends: SendBatch,
): Promise<StepResult> {
  const { workflowId, nodeId, templateId } = step;
  if (!templateId) return { kind: 'failed', detail: 'no template' };
  const key = `${nodeId}:${templateId}`;
  const known = sends.messages.get(key);
  let found = known
    ? { rows: [{ message_id: known }] }
    : await db.query<{ message_id: number }>(
        `select message_id::int from workflow_messages where company_id = $1 and workflow_id = $2 and node_id = $3
            and template_id = $4`,
        [companyId, workflowId, nodeId, templateId],
      );
  if (!found.rows[0]) {
    found = await db.query<{ message_id: number }>(
      `with m as (
         insert into messages (company_id, channel, name, type, status, subject, from_name, sender_id, template_id,
                               design, source, html, text_body, sent_at)
         select t.company_id, 'email', left(w.name || ' · ' || t.name, 200), 'automated', 'sending', t.subject,
                s.name, s.id, t.id, t.design, t.source, t.html, t.text_body, now()
           from templates t join workflows w on w.company_id = t.company_id and w.id = $2
           left join lateral (select id, name from senders where company_id = t.company_id and verified_at is not null
                               order by id limit 1) s on true
          where t.company_id = $1 and t.id = $4
         returning id)
       insert into workflow_messages (company_id, workflow_id, node_id, template_id, message_id)
         select $1, $2, $3, $4, id from m returning message_id::int`,
      [companyId, workflowId, nodeId, templateId],
    );
    if (!found.rows[0]) return { kind: 'failed', detail: 'template not found' };
  }
  const messageId = found.rows[0].message_id;
  const added = await db.query(
    `insert into message_recipients (company_id, message_id, contact_id, address)
       select c.company_id, $2, c.id, coalesce($4, c.email) from contacts c where c.company_id = $1 and c.id = $3
     on conflict do nothing`,
    [companyId, messageId, run.contactId, run.testAddress],
  );
  // Known to the batch only once the step has succeeded: a step rolled back to its savepoint leaves nothing behind.
  sends.messages.set(key, messageId);
  if (!added.rowCount) return { kind: 'next', handle: 'next', detail: 'already a recipient', messageId };
  sends.queued.add(messageId);
  return {
    kind: 'next',
    handle: 'next',
    ...(run.testAddress ? { detail: `sent to ${run.testAddress}` } : {}),
    messageId,
  };
}

/** What a step needs beyond its transaction: the job's scope (server key, realtime) and the run's workflow. */
export interface StepContext {
  scope: Scope;
  workflowId: number;
  sends: SendBatch;
}

/**
 * Executes one step of a run in the step's transaction. The step runs inside a savepoint: a statement that fails (a
 * list deleted under it, a value PostgreSQL refuses) fails this run's step with the reason, which the trace shows and
 * "retry step" can run again, and the rest of the batch goes on.
 */
export async function execute(
  db: Db,
  companyId: string,
  run: DueRun,
  node: WorkflowNode,
  waited: boolean,
  context: StepContext,
): Promise<StepResult> {
  const ref = { companyId, runId: run.id, workflowId: context.workflowId, contactId: run.contactId };
  // Steps that run no statement need no savepoint (two round trips saved per step of a large enrolment).
  const statementFree =
    node.kind === 'trigger' ||
    node.kind === 'exit' ||
    node.kind === 'split' ||
    (node.kind === 'wait' && (waited || node.config.mode === 'duration'));
  if (statementFree) {
    return executeStep(db, ref, run, node, waited, context);
  }
  await db.query('savepoint workflow_step');
  try {
    const result = await executeStep(db, ref, run, node, waited, context);
    await db.query('release savepoint workflow_step');
    return result;
  } catch (error) {
    await db.query('rollback to savepoint workflow_step');
    context.scope.log.warn({ err: error, runId: run.id, nodeId: node.id }, 'workflow step failed');
    return { kind: 'failed', detail: `error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
  }
}

async function executeStep(
  db: Db,
  ref: RunRef,
  run: DueRun,
  node: WorkflowNode,
  waited: boolean,
  context: StepContext,
): Promise<StepResult> {
  const { scope } = context;
  switch (node.kind) {
    case 'trigger':
      return { kind: 'next', handle: 'next' };
    case 'exit':
      return { kind: 'end' };
    case 'wait': {
      if (waited) return { kind: 'next', handle: 'next' };
      const now = new Date();
      const end = await waitEnd(db, ref.companyId, node.config, now);
      if (!end.ok) return { kind: 'failed', detail: end.reason };
      let ms = end.at.getTime() - now.getTime();
      if (ms <= 0) return { kind: 'next', handle: 'next', detail: 'the time had already passed' };
      if (run.testAddress) ms = Math.min(ms, WORKFLOW_LIMITS.testWaitMs);
      return { kind: 'wait', until: new Date(now.getTime() + ms) };
    }
    case 'addToList':
    case 'removeFromList':
      // A test run tries the workflow out: the chosen contact's data (and the triggers it would fire) stays as it is.
      if (run.testAddress) return { kind: 'next', handle: 'next', detail: 'test run: the contact is not changed' };
      return changeList(db, ref, node.kind === 'addToList' ? 'add' : 'remove', node.config.listId);
    case 'updateAttribute':
      if (run.testAddress) return { kind: 'next', handle: 'next', detail: 'test run: the contact is not changed' };
      return updateAttribute(db, ref, node.config);
    case 'split': {
      // A stable cohort per run: the run id picks a point on 0–99 and the cohorts share the range in order.
      const point = (run.id * 37) % 100;
      let sum = 0;
      for (const cohort of node.config.cohorts) {
        sum += cohort.percent;
        if (point < sum) return { kind: 'next', handle: cohort.key, detail: `cohort ${cohort.key}` };
      }
      return { kind: 'failed', detail: 'cohorts do not add up to 100' };
    }
    case 'branch': {
      if (node.config.mode === 'conditions') return branchOnConditions(db, ref, node.config.conditions);
      const column = node.config.event === 'opened' ? 'opened_at' : 'clicked_at';
      // A failing query fails the step with its reason (see execute), never a silent "no".
      const hit = await db.query(
        `select 1 from workflow_steps s join message_recipients m on m.company_id = s.company_id
            and m.message_id = s.message_id and m.contact_id = $3
          where s.company_id = $1 and s.run_id = $2 and s.message_id is not null and m.${column} is not null
          order by s.at desc limit 1`,
        [ref.companyId, run.id, run.contactId],
      );
      const yes = Boolean(hit.rowCount);
      return { kind: 'next', handle: yes ? 'yes' : 'no', detail: `previous email ${node.config.event}: ${yes}` };
    }
    case 'sendEmail':
      return sendEmail(
        db,
        ref.companyId,
        run,
        { workflowId: context.workflowId, nodeId: node.id, templateId: node.config.templateId },
        context.sends,
      );
    case 'webhook':
      return callWebhook(db, scope, { ...ref, nodeId: node.id }, node.config);
    case 'notify':
      return notifyMembers(db, scope, ref, node.config);
  }
}
