import type { Scope } from '../scope.ts';
import { notFound } from '../../http/errors.ts';
import { iso } from '../contacts/sql.ts';
import { WORKFLOW_LIMITS } from '../../../shared/workflows.ts';
import { getWorkflowRow } from './workflows.ts';

/** A workflow's runs and their steps: the runs drawer, a run's history, and a contact's runs. */

export interface RunRow {
  id: number;
  workflowId: number;
  workflowName: string;
  contactId: number;
  contactEmail: string;
  status: 'running' | 'waiting' | 'finished' | 'failed' | 'exited';
  nodeId: string | null;
  test: boolean;
  startedAt: string;
  updatedAt: string;
}

const RUN = `select r.id::int, r.workflow_id::int as "workflowId", w.name as "workflowName",
  r.contact_id::int as "contactId",
  coalesce(c.email, '') as "contactEmail", r.status, r.node_id as "nodeId", r.test_address is not null as test,
  ${iso('r.started_at')} as "startedAt", ${iso('r.updated_at')} as "updatedAt"
  from workflow_runs r join workflows w on w.company_id = r.company_id and w.id = r.workflow_id
  left join contacts c on c.company_id = r.company_id and c.id = r.contact_id`;

export async function listRuns(scope: Scope, workflowId: number, status: 'all' | 'failed'): Promise<RunRow[]> {
  await getWorkflowRow(scope, workflowId);
  const { rows } = await scope.db.query<RunRow>(
    `${RUN} where r.company_id = $1 and r.workflow_id = $2 and ($3 = 'all' or r.status = 'failed')
      order by r.updated_at desc, r.id desc limit ${WORKFLOW_LIMITS.runsShown}`,
    [scope.companyId, workflowId, status],
  );
  return rows;
}

async function stepsOf(scope: Scope, runIds: number[]) {
  const { rows } = await scope.db.query<{
    runId: number;
    nodeId: string;
    kind: string;
    at: string;
    outcome: 'passed' | 'waiting' | 'failed' | 'skipped';
    handle: string | null;
    detail: string | null;
    messageId: number | null;
  }>(
    `select run_id::int as "runId", node_id as "nodeId", kind, ${iso('at')} as at, outcome, handle, detail,
        message_id::int as "messageId"
       from workflow_steps where company_id = $1 and run_id = any($2::bigint[]) order by at, id`,
    [scope.companyId, runIds],
  );
  return rows;
}

export async function getRun(scope: Scope, workflowId: number, runId: number) {
  const { rows } = await scope.db.query<RunRow>(`${RUN} where r.company_id = $1 and r.workflow_id = $2 and r.id = $3`, [
    scope.companyId,
    workflowId,
    runId,
  ]);
  if (!rows[0]) throw notFound();
  const steps = (await stepsOf(scope, [runId])).map(({ runId: _run, ...step }) => step);
  return { ...rows[0], steps };
}

export async function listContactRuns(scope: Scope, contactId: number, page: number, perPage: number) {
  const exists = await scope.db.query('select 1 from contacts where company_id = $1 and id = $2', [
    scope.companyId,
    contactId,
  ]);
  if (!exists.rowCount) throw notFound();
  const total = await scope.db.query<{ n: number }>(
    'select count(*)::int as n from workflow_runs where company_id = $1 and contact_id = $2',
    [scope.companyId, contactId],
  );
  const { rows } = await scope.db.query<RunRow>(
    `${RUN} where r.company_id = $1 and r.contact_id = $2 order by r.id desc limit $3 offset $4`,
    [scope.companyId, contactId, perPage, (page - 1) * perPage],
  );
  const steps = await stepsOf(
    scope,
    rows.map((r) => r.id),
  );
  return {
    total: total.rows[0]!.n,
    rows: rows.map((r) => ({
      ...r,
      steps: steps.filter((s) => s.runId === r.id).map(({ runId: _run, ...step }) => step),
    })),
  };
}
