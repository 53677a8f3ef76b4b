import type { PoolClient } from 'pg';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';

/**
 * Enrolment on its own: the triggers, the date job, manual enrolment and test runs all start runs here, and the engine
 * that advances them imports nothing of theirs (no import cycle between the engine and the triggers).
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
