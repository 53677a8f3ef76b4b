import type { PoolClient } from 'pg';
import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { WORKFLOW_LIMITS, type WorkflowGraph } from '../../../shared/workflows.ts';
import { graphProblems, problemErrors, type WorkflowGoal } from './workflows.ts';
import { selectionClauses, type ContactSelection } from '../contacts/query.ts';
import { SqlParams } from '../contacts/sql.ts';
import { execute, newSendBatch, queueSends, type DueRun, type SendBatch } from './steps.ts';
import { enrol } from './enrol.ts';
import { CHANGES_CONTACT, exitReached, exitRun, goalOf, matching } from './goals.ts';

/**
 * The workflow engine. Each enrolment is a durable run (workflow_runs) at a node of the version it started on. One
 * job per workflow (`advance_workflow`) takes its due runs in batches and moves each through its instant steps until
 * it waits or ends; a wait sets the run's next_at and queues the workflow's job at that time (no polling loop). Every
 * executed step is a workflow_steps row unique per (run, node, attempt), written in the transaction of the step's
 * effects, so a repeated job finds the step done and takes the exit it recorded instead of acting twice.
 */

type Db = Pick<PoolClient, 'query'>;

export { enrol };

/** Whom a manual enrolment names: contact ids, or a selection of the contacts table (resolved in the transaction). */
export type EnrolTarget = { contactIds?: number[]; selection?: ContactSelection };

export async function enrolContacts(scope: Scope, workflowId: number, target: EnrolTarget): Promise<number> {
  return scope.db.transaction(async (db) => {
    const w = await db.query<{ status: string }>('select status from workflows where company_id = $1 and id = $2', [
      scope.companyId,
      workflowId,
    ]);
    if (!w.rows[0]) throw notFound();
    if (w.rows[0].status !== 'active') throw conflict('workflow_not_active', 'Only an active workflow enrols contacts');
    let contactIds = target.contactIds ?? [];
    if (target.selection) {
      const params = new SqlParams([scope.companyId]);
      const where = (await selectionClauses(db, scope.companyId, target.selection, params)).join(' and ');
      const { rows } = await db.query<{ id: number }>(`select c.id from contacts c where ${where}`, params.values);
      contactIds = rows.map((r) => r.id);
    }
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
      // The goal, before any step of the batch: runs whose contact meets it end here (one query for the batch).
      const goal = rows.length ? await goalOf(db, scope.companyId, workflowId) : null;
      const ended = new Set(
        goal
          ? await exitReached(
              db,
              scope.companyId,
              workflowId,
              goal,
              rows.map((r) => r.contactId),
              rows.map((r) => r.id),
            )
          : [],
      );
      const sends = newSendBatch();
      for (const run of rows)
        if (!ended.has(run.id))
          await advanceRun(db, scope.companyId, workflowId, run, { scope, workflowId, sends }, goal);
      await queueSends(db, scope.companyId, sends);
      return rows.length;
    });
    moved += count;
    if (count < WORKFLOW_LIMITS.batchSize) return moved;
  }
}

async function advanceRun(
  db: Db,
  companyId: string,
  workflowId: number,
  run: DueRun,
  context: { scope: Scope; workflowId: number; sends: SendBatch },
  goal: WorkflowGoal | null = null,
): Promise<void> {
  let nodeId: string | null = run.nodeId;
  let changedContact = false;
  for (let i = 0; i < WORKFLOW_LIMITS.stepsPerPass && nodeId; i += 1) {
    const at: string = nodeId;
    const node = run.graph.nodes.find((n) => n.id === at);
    if (!node) {
      nodeId = null;
      break;
    }
    // The run's own step changed its contact (a list, an attribute): the goal is asked again before the next step.
    if (goal && changedContact && (await matching(db, companyId, goal.conditions, [run.contactId])).size) {
      await exitRun(db, companyId, run.id, at, node.kind);
      return;
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
    const result = await execute(db, companyId, run, node, waited, context);
    changedContact = CHANGES_CONTACT.has(node.kind) && result.kind === 'next';
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
