import type { PoolClient } from 'pg';
import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { WORKFLOW_LIMITS, type WorkflowGraph, type WorkflowNode } from '../../../shared/workflows.ts';
import { graphProblems, problemErrors } from './workflows.ts';

/**
 * The workflow engine. Each enrolment is a durable run (workflow_runs) at a node of the version it started on. One
 * job per workflow (`advance_workflow`) takes its due runs in batches and moves each through its instant steps until
 * it waits or ends; a wait sets the run's next_at and queues the workflow's job at that time (no polling loop). Every
 * executed step is a workflow_steps row unique per (run, node, attempt), written in the transaction of the step's
 * effects, so a repeated job finds the step done and takes the exit it recorded instead of acting twice.
 */

type Db = Pick<PoolClient, 'query'>;

/** Starts runs of a workflow's current version for contacts, as its re-entry rule allows (never/afterFinish/always). */
export async function enrol(
  db: Db,
  companyId: string,
  workflowId: number,
  contactIds: number[],
  testAddress: string | null = null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into workflow_runs (company_id, workflow_id, version_id, contact_id, node_id, next_at, test_address)
       select w.company_id, w.id, w.version_id, c.id,
              (select n ->> 'id' from workflow_versions v, jsonb_array_elements(v.graph -> 'nodes') n
                where v.company_id = w.company_id and v.id = w.version_id and n ->> 'kind' = 'trigger'), now(), $4
         from workflows w join contacts c on c.company_id = w.company_id and c.id = any($3::bigint[])
        where w.company_id = $1 and w.id = $2 and w.version_id is not null
          and ($4::text is not null or w.reentry = 'always' or not exists (select 1 from workflow_runs r
                where r.company_id = w.company_id and r.workflow_id = w.id and r.contact_id = c.id
                  and r.test_address is null and (w.reentry = 'never' or r.status in ('running', 'waiting'))))
     returning id`,
    [companyId, workflowId, contactIds, testAddress],
  );
  if (rows.length) await enqueue(db, TASKS.advanceWorkflow, { companyId, workflowId });
  return rows.length;
}

export async function enrolContacts(scope: Scope, workflowId: number, contactIds: number[]): Promise<number> {
  return scope.db.transaction(async (db) => {
    const w = await db.query<{ status: string }>('select status from workflows where company_id = $1 and id = $2', [
      scope.companyId,
      workflowId,
    ]);
    if (!w.rows[0]) throw notFound();
    if (w.rows[0].status !== 'active') throw conflict('workflow_not_active', 'Only an active workflow enrols contacts');
    return enrol(db, scope.companyId, workflowId, contactIds);
  });
}

/** A test run of the draft: published as a version of its own, for one contact, sending only to the address. */
export async function startTestRun(scope: Scope, workflowId: number, contactId: number, address: string) {
  return scope.db.transaction(async (db) => {
    const w = await db.query<{ graph: WorkflowGraph }>(
      'select graph from workflows where company_id = $1 and id = $2',
      [scope.companyId, workflowId],
    );
    if (!w.rows[0]) throw notFound();
    const problems = graphProblems(w.rows[0].graph);
    if (problems.length) throw invalid(problemErrors(problems));
    const c = await db.query('select 1 from contacts where company_id = $1 and id = $2', [scope.companyId, contactId]);
    if (!c.rowCount) throw invalid({ contactId: ['notFound'] });
    const { rows } = await db.query<{ id: number }>(
      `with v as (insert into workflow_versions (company_id, workflow_id, graph) values ($1, $2, $3) returning id)
       insert into workflow_runs (company_id, workflow_id, version_id, contact_id, node_id, next_at, test_address)
         select $1, $2, v.id, $4, $5, now(), $6 from v returning id::int`,
      [
        scope.companyId,
        workflowId,
        JSON.stringify(w.rows[0].graph),
        contactId,
        w.rows[0].graph.nodes.find((n) => n.kind === 'trigger')!.id,
        address,
      ],
    );
    await enqueue(db, TASKS.advanceWorkflow, { companyId: scope.companyId, workflowId });
    return rows[0]!.id;
  });
}

/** Runs a failed run's failed step again: a new attempt of that step, the run due now. */
export async function retryStep(scope: Scope, workflowId: number, runId: number): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rowCount } = await db.query(
      `update workflow_runs set status = 'running', next_at = now(), updated_at = now()
        where company_id = $1 and workflow_id = $2 and id = $3 and status = 'failed'`,
      [scope.companyId, workflowId, runId],
    );
    if (!rowCount) {
      const exists = await db.query(
        'select 1 from workflow_runs where company_id = $1 and workflow_id = $2 and id = $3',
        [scope.companyId, workflowId, runId],
      );
      if (!exists.rowCount) throw notFound();
      throw conflict('run_not_failed', 'Only a failed step can be retried');
    }
    await enqueue(db, TASKS.advanceWorkflow, { companyId: scope.companyId, workflowId });
  });
}

/** A custom event: recorded once per event id, and it enrols the contact in the active workflows it triggers. */
export async function postCustomEvent(
  scope: Scope,
  input: { name: string; eventId: string; email?: string; contactId?: number; properties?: Record<string, unknown> },
): Promise<{ duplicate: boolean; enrolled: number }> {
  if (input.email === undefined && input.contactId === undefined) throw invalid({ email: ['required'] });
  return scope.db.transaction(async (db) => {
    const c = await db.query<{ id: number }>(
      'select id::int from contacts where company_id = $1 and (id = $2 or lower(email) = lower($3)) limit 1',
      [scope.companyId, input.contactId ?? null, input.email ?? null],
    );
    if (!c.rows[0]) throw notFound();
    const recorded = await db.query(
      `insert into workflow_events (company_id, event_id, name, contact_id, properties) values ($1, $2, $3, $4, $5)
        on conflict do nothing`,
      [scope.companyId, input.eventId, input.name, c.rows[0].id, JSON.stringify(input.properties ?? {})],
    );
    if (!recorded.rowCount) return { duplicate: true, enrolled: 0 };
    const workflows = await db.query<{ id: number }>(
      `select id::int from workflows where company_id = $1 and status = 'active' and trigger_type = 'customEvent'
          and trigger_key = $2`,
      [scope.companyId, input.name],
    );
    let enrolled = 0;
    for (const w of workflows.rows) enrolled += await enrol(db, scope.companyId, w.id, [c.rows[0].id]);
    return { duplicate: false, enrolled };
  });
}

interface DueRun {
  id: number;
  contactId: number;
  nodeId: string;
  testAddress: string | null;
  graph: WorkflowGraph;
}

/** What a step did: the exit it took (null: the run ends), or a wait until a time; and what to show in the trace. */
type StepResult =
  | { kind: 'next'; handle: string; detail?: string; messageId?: number }
  | { kind: 'wait'; until: Date }
  | { kind: 'end'; detail?: string }
  | { kind: 'failed'; detail: string };

/**
 * The send step: the contact becomes a recipient of the step's automated message and the campaign engine's batch
 * job sends it (content, tracking, credits and the sender's limits as for a campaign). In the step's transaction, so
 * the recipient row and the step's record commit together: a repeated job finds the step done and adds nobody.
 */
async function sendEmail(
  db: Db,
  companyId: string,
  run: DueRun & { workflowId?: number },
  nodeId: string,
  templateId: number | null,
): Promise<StepResult> {
  if (!templateId) return { kind: 'failed', detail: 'no template' };
  const workflow = await db.query<{ workflow_id: number }>(
    'select workflow_id::int from workflow_runs where company_id = $1 and id = $2',
    [companyId, run.id],
  );
  const workflowId = workflow.rows[0]!.workflow_id;
  let found = await db.query<{ message_id: number }>(
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
  if (!added.rowCount) return { kind: 'next', handle: 'next', detail: 'already a recipient', messageId };
  await db.query(
    `update messages set status = 'sending', finished_at = null, updated_at = now() where company_id = $1 and id = $2`,
    [companyId, messageId],
  );
  await enqueue(db, TASKS.sendMessageBatch, { companyId, messageId, batch: 0 });
  return {
    kind: 'next',
    handle: 'next',
    ...(run.testAddress ? { detail: `sent to ${run.testAddress}` } : {}),
    messageId,
  };
}

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

async function execute(
  db: Db,
  companyId: string,
  run: DueRun,
  node: WorkflowNode,
  waited: boolean,
): Promise<StepResult> {
  switch (node.kind) {
    case 'trigger':
      return { kind: 'next', handle: 'next' };
    case 'exit':
      return { kind: 'end' };
    case 'wait': {
      if (waited) return { kind: 'next', handle: 'next' };
      const c = node.config;
      let ms =
        c.mode === 'duration'
          ? c.amount * UNIT_MS[c.unit]
          : Math.max(0, Date.parse(c.mode === 'until' ? c.at : '') - Date.now()) || UNIT_MS.days;
      if (run.testAddress) ms = Math.min(ms, WORKFLOW_LIMITS.testWaitMs);
      return { kind: 'wait', until: new Date(Date.now() + ms) };
    }
    case 'addToList':
    case 'removeFromList': {
      const listId = node.config.listId;
      await db.query(
        node.kind === 'addToList'
          ? 'insert into list_members (company_id, list_id, contact_id) values ($1, $2, $3) on conflict do nothing'
          : 'delete from list_members where company_id = $1 and list_id = $2 and contact_id = $3',
        [companyId, listId, run.contactId],
      );
      return { kind: 'next', handle: 'next' };
    }
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
      if (node.config.mode === 'previousEmail') {
        const column = node.config.event === 'opened' ? 'opened_at' : 'clicked_at';
        const hit = await db
          .query(
            `select 1 from workflow_steps s join message_recipients m on m.company_id = s.company_id
              and m.message_id = s.message_id and m.contact_id = $3
            where s.company_id = $1 and s.run_id = $2 and s.message_id is not null and m.${column} is not null
            order by s.at desc limit 1`,
            [companyId, run.id, run.contactId],
          )
          .catch(() => ({ rowCount: 0 }));
        const yes = Boolean(hit.rowCount);
        return { kind: 'next', handle: yes ? 'yes' : 'no', detail: `previous email ${node.config.event}: ${yes}` };
      }
      return { kind: 'failed', detail: 'condition branches are not executed yet' };
    }
    case 'sendEmail':
      return sendEmail(db, companyId, run, node.id, node.config.templateId);
    default:
      // updateAttribute, webhook, notify: not executed by this engine yet (see the report).
      return { kind: 'failed', detail: `${node.kind} is not executed yet` };
  }
}

/**
 * Advances a workflow's due runs, a batch per transaction, until none is due. Runs of a paused or archived workflow
 * stay where they are (test runs go on). Returns how many runs moved.
 */
export async function advanceWorkflow(scope: Scope, workflowId: number): Promise<number> {
  let moved = 0;
  for (;;) {
    const count = await scope.db.transaction(async (db) => {
      const { rows } = await db.query<DueRun>(
        `select r.id::int, r.contact_id::int as "contactId", r.node_id as "nodeId", r.test_address as "testAddress",
                v.graph
           from workflow_runs r join workflow_versions v on v.company_id = r.company_id and v.id = r.version_id
           join workflows w on w.company_id = r.company_id and w.id = r.workflow_id
          where r.company_id = $1 and r.workflow_id = $2 and r.status in ('running', 'waiting') and r.next_at <= now()
            and (w.status = 'active' or r.test_address is not null)
          order by r.next_at, r.id limit ${WORKFLOW_LIMITS.batchSize} for update of r skip locked`,
        [scope.companyId, workflowId],
      );
      for (const run of rows) await advanceRun(db, scope.companyId, workflowId, run);
      return rows.length;
    });
    moved += count;
    if (count < WORKFLOW_LIMITS.batchSize) return moved;
  }
}

async function advanceRun(db: Db, companyId: string, workflowId: number, run: DueRun): Promise<void> {
  let nodeId: string | null = run.nodeId;
  for (let i = 0; i < WORKFLOW_LIMITS.stepsPerPass && nodeId; i += 1) {
    const at: string = nodeId;
    const node = run.graph.nodes.find((n) => n.id === at);
    if (!node) {
      nodeId = null;
      break;
    }
    const attempt = await db.query<{ attempt: number; outcome: string; handle: string | null }>(
      `select attempt, outcome, handle from workflow_steps where company_id = $1 and run_id = $2 and node_id = $3
        order by attempt desc limit 1`,
      [companyId, run.id, at],
    );
    const last: { attempt: number; outcome: string; handle: string | null } | undefined = attempt.rows[0];
    // Done before (a repeated job): take the exit it recorded, act no more.
    if (last?.outcome === 'passed') {
      nodeId = last.handle ? nextOf(run.graph, nodeId, last.handle) : null;
      continue;
    }
    const waited = last?.outcome === 'waiting';
    const result = await execute(db, companyId, run, node, waited);
    const number = !last ? 1 : last.outcome === 'failed' ? last.attempt + 1 : last.attempt;
    const outcome = result.kind === 'wait' ? 'waiting' : result.kind === 'failed' ? 'failed' : 'passed';
    await db.query(
      `insert into workflow_steps (company_id, run_id, node_id, attempt, kind, outcome, handle, detail, message_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (company_id, run_id, node_id, attempt)
         do update set outcome = excluded.outcome, handle = excluded.handle, detail = excluded.detail, at = now()`,
      [
        companyId,
        run.id,
        nodeId,
        number,
        node.kind,
        outcome,
        result.kind === 'next' ? result.handle : null,
        'detail' in result ? (result.detail ?? null) : null,
        result.kind === 'next' ? (result.messageId ?? null) : null,
      ],
    );
    if (result.kind === 'wait') {
      await db.query(
        `update workflow_runs set status = 'waiting', node_id = $3, next_at = $4, updated_at = now()
          where company_id = $1 and id = $2`,
        [companyId, run.id, nodeId, result.until],
      );
      await enqueue(db, TASKS.advanceWorkflow, { companyId, workflowId, at: result.until.toISOString() }, result.until);
      return;
    }
    if (result.kind === 'failed') {
      await db.query(
        `update workflow_runs set status = 'failed', node_id = $3, next_at = null, updated_at = now()
          where company_id = $1 and id = $2`,
        [companyId, run.id, nodeId],
      );
      return;
    }
    if (result.kind === 'end') {
      await db.query(
        `update workflow_runs set status = 'exited', node_id = $3, next_at = null, updated_at = now()
          where company_id = $1 and id = $2`,
        [companyId, run.id, nodeId],
      );
      return;
    }
    const next = nextOf(run.graph, nodeId, result.handle);
    if (!next) {
      await db.query(
        `update workflow_runs set status = 'finished', node_id = $3, next_at = null, updated_at = now()
          where company_id = $1 and id = $2`,
        [companyId, run.id, nodeId],
      );
      return;
    }
    nodeId = next;
  }
  // Yields after stepsPerPass instant steps: due again now, the job's next batch takes it on.
  await db.query(
    `update workflow_runs set status = $3, node_id = coalesce($4, node_id), next_at = case when $4::text is null
       then null else now() end, updated_at = now() where company_id = $1 and id = $2`,
    [companyId, run.id, nodeId ? 'running' : 'finished', nodeId],
  );
}

const nextOf = (graph: WorkflowGraph, source: string, handle: string): string | null =>
  graph.edges.find((e) => e.source === source && e.handle === handle)?.target ?? null;
