import type { Scope } from '../scope.ts';
import { conflict, invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { iso, likeEscape, SqlParams } from '../contacts/sql.ts';
import { listLists } from '../contacts/lists.ts';
import { listSegments } from '../contacts/segments/segments.ts';
import { listAttributes } from '../contacts/attributes.ts';
import { listMembers } from '../team/members.ts';
import { listTemplates } from '../messaging/templates.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { TEMPLATE_SECTION, templateGraph } from './templates.ts';
import { onActivated } from './triggers.ts';
import {
  handlesOf,
  validate,
  type Problem,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowTemplate,
} from '../../../shared/workflows.ts';

/** Workflows of a company: the manager's list, the editor's load and save, status changes (runs: runs.ts). */

export type WorkflowStatus = 'draft' | 'active' | 'paused' | 'archived';
import type { WorkflowGoal, WorkflowReentry } from './types.ts';
export type { WorkflowGoal, WorkflowReentry } from './types.ts';

export interface WorkflowRow {
  id: number;
  name: string;
  status: WorkflowStatus;
  trigger: string | null;
  inProgress: number;
  finished: number;
  updatedAt: string;
}

const ROW = `select w.id::int, w.name, w.status, w.graph -> 'nodes' as nodes,
  (select count(*)::int from workflow_runs r where r.company_id = w.company_id and r.workflow_id = w.id
     and r.status in ('running', 'waiting') and r.test_address is null) as "inProgress",
  (select count(*)::int from workflow_runs r where r.company_id = w.company_id and r.workflow_id = w.id
     and r.status in ('finished', 'exited') and r.test_address is null) as "finished",
  ${iso('w.updated_at')} as "updatedAt" from workflows w`;

type RawRow = Omit<WorkflowRow, 'trigger'> & { nodes: WorkflowNode[] };

const toRow = ({ nodes, ...row }: RawRow): WorkflowRow => {
  const trigger = nodes.find((n) => n.kind === 'trigger');
  return { ...row, trigger: trigger && trigger.kind === 'trigger' ? (trigger.config.type ?? null) : null };
};

/** The filter of a manager section: a status, every workflow but archived ones, or a template's category. */
function sectionFilter(section: string, params: SqlParams): string {
  switch (section) {
    case 'all':
      return "w.status <> 'archived'";
    case 'active':
    case 'paused':
    case 'archived':
      return `w.status = ${params.add(section)}`;
    case 'drafts':
      return "w.status = 'draft'";
    default:
      return section.startsWith('templates/') ? `w.section = ${params.add(section)}` : 'false';
  }
}

export async function listWorkflows(
  scope: Scope,
  query: { section: string; q?: string | undefined; page: number; perPage: number },
): Promise<{ rows: WorkflowRow[]; total: number }> {
  const params = new SqlParams([scope.companyId]);
  const where = ['w.company_id = $1', sectionFilter(query.section, params)];
  if (query.q?.trim()) where.push(`w.name ilike ${params.add(`%${likeEscape(query.q.trim())}%`)}`);
  const filter = where.join(' and ');
  const total = await scope.db.query<{ n: number }>(
    `select count(*)::int as n from workflows w where ${filter}`,
    params.values,
  );
  const limit = params.add(query.perPage);
  const offset = params.add((query.page - 1) * query.perPage);
  const { rows } = await scope.db.query<RawRow>(
    `${ROW} where ${filter} order by w.updated_at desc, w.id desc limit ${limit} offset ${offset}`,
    params.values,
  );
  return { rows: rows.map(toRow), total: total.rows[0]!.n };
}

export async function getWorkflowRow(scope: Scope, id: number): Promise<WorkflowRow> {
  const { rows } = await scope.db.query<RawRow>(`${ROW} where w.company_id = $1 and w.id = $2`, [scope.companyId, id]);
  if (!rows[0]) throw notFound();
  return toRow(rows[0]);
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  return trimmed;
}

export async function createWorkflow(
  scope: Scope,
  input: { name: string; template?: WorkflowTemplate | null | undefined },
): Promise<WorkflowRow> {
  const graph = input.template ? templateGraph(input.template) : { nodes: [], edges: [] };
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into workflows (company_id, name, graph, template, section) values ($1, $2, $3, $4, $5) returning id::int`,
    [
      scope.companyId,
      checkedName(input.name),
      JSON.stringify(graph),
      input.template ?? null,
      input.template ? TEMPLATE_SECTION[input.template] : null,
    ],
  );
  return getWorkflowRow(scope, rows[0]!.id);
}

/** Problems as the contract's field errors: `workflow` for the whole, `nodes.<id>` for each node. */
export function problemErrors(problems: Problem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const p of problems) (errors[p.nodeId ? `nodes.${p.nodeId}` : 'workflow'] ??= []).push(p.code);
  return errors;
}

/** A graph the editor could have made: unique node ids, one trigger, edges between nodes by their exits. */
function wellFormed(graph: WorkflowGraph): FieldErrors | null {
  const ids = new Set<string>();
  const errors: FieldErrors = {};
  for (const n of graph.nodes) {
    if (ids.has(n.id)) errors[`nodes.${n.id}`] = ['duplicate'];
    ids.add(n.id);
  }
  if (graph.nodes.filter((n) => n.kind === 'trigger').length > 1) errors.graph = ['oneTrigger'];
  for (const e of graph.edges) {
    const from = graph.nodes.find((n) => n.id === e.source);
    const to = graph.nodes.find((n) => n.id === e.target);
    if (!from || !to || to.kind === 'trigger' || !safeHandles(from).includes(e.handle)) {
      errors[`edges.${e.id}`] = ['invalid'];
    }
  }
  return Object.keys(errors).length ? errors : null;
}

/** A node's exits, or none when its configuration is not what its kind expects (a split without cohorts). */
function safeHandles(n: WorkflowNode): string[] {
  try {
    return handlesOf(n);
  } catch {
    return [];
  }
}

/** The problems of a graph; a configuration of the wrong shape counts as a problem, never a 500. */
export function graphProblems(graph: WorkflowGraph): Problem[] {
  try {
    return validate(graph);
  } catch {
    return [{ nodeId: null, code: 'triggerIncomplete' }];
  }
}

export async function saveWorkflow(
  scope: Scope,
  id: number,
  input: { name: string; graph: WorkflowGraph; reentry?: WorkflowReentry; goal?: WorkflowGoal | null },
): Promise<WorkflowRow> {
  const malformed = wellFormed(input.graph);
  if (malformed) throw invalid(malformed);
  const current = await getWorkflowRow(scope, id);
  if (current.status === 'active') {
    const problems = graphProblems(input.graph);
    if (problems.length) throw invalid(problemErrors(problems));
  }
  await scope.db.query(
    `update workflows set name = $3, graph = $4, reentry = coalesce($5, reentry),
            goal = case when $6 then $7::jsonb else goal end, updated_at = now()
      where company_id = $1 and id = $2`,
    [
      scope.companyId,
      id,
      checkedName(input.name),
      JSON.stringify(input.graph),
      input.reentry ?? null,
      input.goal !== undefined,
      input.goal ? JSON.stringify(input.goal) : null,
    ],
  );
  // Saving an active workflow publishes its graph: new entrants take it, running contacts finish their version.
  if (current.status === 'active') await publish(scope, id);
  return getWorkflowRow(scope, id);
}

/** The trigger's key the triggers look workflows up by: a list id, a segment id, an event name. */
function triggerKey(graph: WorkflowGraph): { type: string | null; key: string | null } {
  const t = graph.nodes.find((n) => n.kind === 'trigger');
  if (!t || t.kind !== 'trigger') return { type: null, key: null };
  const c = t.config;
  const key = c.listId ?? c.segmentId ?? c.attributeId ?? c.eventName ?? null;
  return { type: c.type, key: key === null ? null : String(key) };
}

/** Publishes the draft as a new immutable version, which new runs take. */
async function publish(scope: Scope, id: number): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ graph: WorkflowGraph }>(
      'select graph from workflows where company_id = $1 and id = $2 for update',
      [scope.companyId, id],
    );
    const graph = rows[0]!.graph;
    const { type, key } = triggerKey(graph);
    await db.query(
      `with v as (insert into workflow_versions (company_id, workflow_id, graph) values ($1, $2, $3) returning id)
       update workflows set version_id = (select id from v), trigger_type = $4, trigger_key = $5
        where company_id = $1 and id = $2`,
      [scope.companyId, id, JSON.stringify(graph), type, key],
    );
    await onActivated(db, scope.companyId, id);
  });
}

export async function setWorkflowStatus(
  scope: Scope,
  id: number,
  status: 'active' | 'paused' | 'archived',
): Promise<WorkflowRow> {
  const current = await scope.db.query<{ graph: WorkflowGraph; status: WorkflowStatus }>(
    'select graph, status from workflows where company_id = $1 and id = $2',
    [scope.companyId, id],
  );
  const row = current.rows[0];
  if (!row) throw notFound();
  if (status === 'active') {
    const problems = graphProblems(row.graph);
    if (problems.length) throw invalid(problemErrors(problems));
    if (row.status === 'archived') throw conflict('workflow_archived', 'An archived workflow cannot be activated');
    await publish(scope, id);
  }
  await scope.db.transaction(async (db) => {
    await db.query('update workflows set status = $3, updated_at = now() where company_id = $1 and id = $2', [
      scope.companyId,
      id,
      status,
    ]);
    // Archiving ends the runs; pausing holds them at their step (the engine skips paused workflows' runs).
    if (status === 'archived') {
      await db.query(
        `update workflow_runs set status = 'exited', next_at = null, updated_at = now()
          where company_id = $1 and workflow_id = $2 and status in ('running', 'waiting')`,
        [scope.companyId, id],
      );
    }
    // Resuming picks up the runs held while paused; the triggers start (cursor, segment snapshot, date job).
    if (status === 'active') {
      await enqueue(db, TASKS.advanceWorkflow, { companyId: scope.companyId, workflowId: id });
      await onActivated(db, scope.companyId, id);
    }
  });
  return getWorkflowRow(scope, id);
}

export async function deleteWorkflow(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.query('delete from workflows where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rowCount) throw notFound();
}

export async function duplicateWorkflow(scope: Scope, id: number): Promise<WorkflowRow> {
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into workflows (company_id, name, graph, settings, template, section)
       select company_id, left(name || ' (copy)', 100), graph, settings, template, section from workflows
        where company_id = $1 and id = $2 returning id::int`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return getWorkflowRow(scope, rows[0].id);
}

export interface NodeCounts {
  entered: number;
  waiting: number;
  passed: number;
  failed: number;
}

/** Per node, from the steps of the workflow's real (not test) runs. */
export async function nodeCounts(scope: Scope, id: number): Promise<Record<string, NodeCounts>> {
  await getWorkflowRow(scope, id);
  const { rows } = await scope.db.query<NodeCounts & { nodeId: string }>(
    `select s.node_id as "nodeId", count(distinct s.run_id)::int as entered,
        count(*) filter (where s.outcome = 'waiting' and r.status = 'waiting'
                           and r.node_id = s.node_id)::int as waiting,
        count(*) filter (where s.outcome = 'passed')::int as passed,
        count(*) filter (where s.outcome = 'failed')::int as failed
       from workflow_steps s join workflow_runs r on r.company_id = s.company_id and r.id = s.run_id
      where s.company_id = $1 and r.workflow_id = $2 and r.test_address is null
      group by s.node_id`,
    [scope.companyId, id],
  );
  return Object.fromEntries(rows.map(({ nodeId, ...counts }) => [nodeId, counts]));
}

/** The workflow as the editor loads it, with what its side panel offers to pick from. */
export async function getWorkflow(scope: Scope, id: number) {
  const { rows } = await scope.db.query<{
    id: number;
    name: string;
    status: WorkflowStatus;
    graph: WorkflowGraph;
    reentry: WorkflowReentry;
    goal: WorkflowGoal | null;
  }>('select id::int, name, status, graph, reentry, goal from workflows where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rows[0]) throw notFound();
  const [counts, templates, lists, segments, attributes, members] = await Promise.all([
    nodeCounts(scope, id),
    listTemplates(scope, 'email', { page: 1, perPage: 500 }),
    listLists(scope, { page: 1, perPage: 500 }),
    listSegments(scope),
    listAttributes(scope),
    listMembers(scope),
  ]);
  return {
    ...rows[0],
    counts,
    options: {
      templates: templates.rows.map((t) => ({ id: t.id, name: t.name })),
      lists: lists.rows,
      segments,
      attributes,
      members: members.map((m) => ({
        id: m.id,
        name: [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email,
        email: m.email,
      })),
    },
  };
}
