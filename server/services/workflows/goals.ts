import type { PoolClient } from 'pg';
import { attributeDefs } from '../contacts/attributes.ts';
import { compileSegment } from '../contacts/segments/compile.ts';
import type { SegmentGroup } from '../contacts/segments/types.ts';
import { SqlParams } from '../contacts/sql.ts';
import { GOAL_REASON } from '../../../shared/workflows.ts';
import type { WorkflowGoal } from './types.ts';

/**
 * Workflow goals: a run whose contact meets the goal's conditions ends as `exited`, with a step at the node where it
 * was whose detail is GOAL_REASON (the run history shows "Goal reached"). The engine asks before the steps of each
 * batch it advances (and again after a step that changed the contact); the trigger job asks for the contacts whose
 * timeline events it reads, so a waiting run exits when its contact changes, without a job per contact.
 */

type Db = Pick<PoolClient, 'query'>;

/** A goal with no conditions is no goal: an empty AND group would match every contact. */
export const hasGoal = (goal: WorkflowGoal | null | undefined): goal is WorkflowGoal =>
  Boolean(goal && goal.conditions.conditions.length > 0);

/** The contacts among `contactIds` that meet the conditions, compiled by the segment compiler for those ids only. */
export async function matching(
  db: Db,
  companyId: string,
  conditions: SegmentGroup,
  contactIds: number[],
): Promise<Set<number>> {
  if (!contactIds.length) return new Set();
  const params = new SqlParams([companyId, contactIds]);
  const where = compileSegment(conditions, { params, attributes: await attributeDefs(db, companyId) });
  const { rows } = await db.query<{ id: number }>(
    `select c.id::int from contacts c where c.company_id = $1 and c.id = any($2::bigint[]) and ${where}`,
    params.values,
  );
  return new Set(rows.map((r) => r.id));
}

/** The workflow's goal, if it has one with conditions. */
export async function goalOf(db: Db, companyId: string, workflowId: number): Promise<WorkflowGoal | null> {
  const { rows } = await db.query<{ goal: WorkflowGoal | null }>(
    'select goal from workflows where company_id = $1 and id = $2',
    [companyId, workflowId],
  );
  const goal = rows[0]?.goal;
  return hasGoal(goal) ? goal : null;
}

/**
 * Ends the open runs (running or waiting) of the workflow whose contacts meet its goal, among `contactIds`, each with
 * a "goal" step at the node where it was; `runIds` narrows it to the runs an advancing job holds (their rows are
 * locked by it, and another job's locked runs are left to that job). Returns the ids of the runs it ended.
 */
export async function exitReached(
  db: Db,
  companyId: string,
  workflowId: number,
  goal: WorkflowGoal,
  contactIds: number[],
  runIds: number[] | null = null,
): Promise<number[]> {
  const met = await matching(db, companyId, goal.conditions, contactIds);
  if (!met.size) return [];
  const { rows } = await db.query<{ id: number }>(
    `with ended as (
       update workflow_runs r set status = 'exited', next_at = null, updated_at = now()
        where r.company_id = $1 and r.workflow_id = $2 and r.contact_id = any($3::bigint[])
          and r.status in ('running', 'waiting') and ($5::bigint[] is null or r.id = any($5::bigint[]))
       returning r.id, r.version_id, r.node_id)
     insert into workflow_steps (company_id, run_id, node_id, attempt, kind, outcome, detail)
       select $1, e.id, coalesce(e.node_id, ''),
              coalesce((select max(s.attempt) from workflow_steps s
                         where s.company_id = $1 and s.run_id = e.id and s.node_id = e.node_id), 0) + 1,
              coalesce((select n ->> 'kind' from workflow_versions v, jsonb_array_elements(v.graph -> 'nodes') n
                         where v.company_id = $1 and v.id = e.version_id and n ->> 'id' = e.node_id), 'trigger'),
              'skipped', $4
         from ended e
     returning run_id::int as id`,
    [companyId, workflowId, [...met], GOAL_REASON, runIds],
  );
  return rows.map((r) => r.id);
}

/**
 * The goal check of the trigger job: for every workflow with a goal and runs in progress (active or paused: a held
 * run still exits when its contact reaches the goal), ends the runs of the changed contacts that now meet it.
 */
export async function exitChangedContacts(db: Db, companyId: string, contactIds: number[]): Promise<number> {
  if (!contactIds.length) return 0;
  const { rows } = await db.query<{ id: number; goal: WorkflowGoal }>(
    `select w.id::int, w.goal from workflows w
      where w.company_id = $1 and w.goal is not null and w.status in ('active', 'paused')
        and exists (select 1 from workflow_runs r where r.company_id = w.company_id and r.workflow_id = w.id
                      and r.contact_id = any($2::bigint[]) and r.status in ('running', 'waiting'))`,
    [companyId, contactIds],
  );
  let exited = 0;
  for (const w of rows) {
    if (hasGoal(w.goal)) exited += (await exitReached(db, companyId, w.id, w.goal, contactIds)).length;
  }
  return exited;
}

/** Steps that change their own contact: the goal is asked again before the step after them. */
export const CHANGES_CONTACT: ReadonlySet<string> = new Set(['addToList', 'removeFromList', 'updateAttribute']);

/** Ends one run at `nodeId` (the step it was about to take) because its contact met the goal. */
export async function exitRun(db: Db, companyId: string, runId: number, nodeId: string, kind: string) {
  await db.query(
    `update workflow_runs set status = 'exited', node_id = $3, next_at = null, updated_at = now()
      where company_id = $1 and id = $2`,
    [companyId, runId, nodeId],
  );
  await db.query(
    `insert into workflow_steps (company_id, run_id, node_id, attempt, kind, outcome, detail)
       select $1, $2, $3, coalesce(max(attempt), 0) + 1, $4, 'skipped', $5 from workflow_steps
        where company_id = $1 and run_id = $2 and node_id = $3`,
    [companyId, runId, nodeId, kind, GOAL_REASON],
  );
}
