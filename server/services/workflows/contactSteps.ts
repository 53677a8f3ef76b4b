import type { PoolClient } from 'pg';
import { attributeDefs } from '../contacts/attributes.ts';
import { recordEvent } from '../contacts/events.ts';
import { compileSegment } from '../contacts/segments/compile.ts';
import type { SegmentCondition, SegmentGroup } from '../contacts/segments/types.ts';
import { SqlParams } from '../contacts/sql.ts';
import { normaliseValue, type AttributeDef } from '../contacts/values.ts';
import type { NodeConfigs } from '../../../shared/workflows.ts';
import type { RunRef, StepResult } from './types.ts';
export type { RunRef } from './types.ts';

/**
 * The steps that read or change the run's contact: update an attribute, add to or remove from a list, and branch on
 * the segment builder's conditions. Changes go through the contacts area's rules (value types, timeline events), so
 * other workflows' triggers and the contact's timeline see them like a change made by hand.
 */

type Db = Pick<PoolClient, 'query'>;

/**
 * Sets the attribute to the step's value (text, parsed by the attribute's type as an import's cell is; empty removes
 * it). An unchanged value writes nothing, so a workflow that sets what its own trigger listens to does not loop.
 */
export async function updateAttribute(
  db: Db,
  run: RunRef,
  config: NodeConfigs['updateAttribute'],
): Promise<StepResult> {
  const def = config.attributeId ? (await attributeDefs(db, run.companyId)).get(config.attributeId) : undefined;
  if (!def) return { kind: 'failed', detail: 'attribute not found' };
  const outcome = normaliseValue(def, config.value ?? '', 'text');
  if (!outcome.ok) return { kind: 'failed', detail: outcome.message };
  const key = String(def.id);
  const { rows } = await db.query<{ value: unknown; anonymised: boolean }>(
    `select attributes -> $3 as value, anonymised_at is not null as anonymised from contacts
      where company_id = $1 and id = $2 for update`,
    [run.companyId, run.contactId, key],
  );
  const current = rows[0];
  if (!current) return { kind: 'failed', detail: 'contact not found' };
  if (current.anonymised) return { kind: 'next', handle: 'next', detail: 'contact anonymised: not changed' };
  if (JSON.stringify(current.value ?? null) === JSON.stringify(outcome.value)) {
    return { kind: 'next', handle: 'next', detail: `${def.name} unchanged` };
  }
  await db.query(
    `update contacts set attributes = case when $4::jsonb is null then attributes - $3
                                          else attributes || jsonb_build_object($3::text, $4::jsonb) end,
                         updated_at = now()
      where company_id = $1 and id = $2`,
    [run.companyId, run.contactId, key, outcome.value === null ? null : JSON.stringify(outcome.value)],
  );
  // The payload the contacts service writes (ids, never values): it is also the contact.updated webhook's data.
  await recordEvent(db, {
    companyId: run.companyId,
    contactId: run.contactId,
    type: 'contact.updated',
    userId: null,
    payload: { fields: ['attributes'], attributes: [key] },
  });
  return { kind: 'next', handle: 'next', detail: outcome.value === null ? `${def.name} removed` : `${def.name} set` };
}

/**
 * Adds the contact to the list or removes it, with the timeline event the contacts area writes (list.added or
 * list.removed). The list is held against deletion until commit, as the contacts area's list actions do; a contact
 * already in (or out of) the list changes nothing and writes no event.
 */
export async function changeList(
  db: Db,
  run: RunRef,
  action: 'add' | 'remove',
  listId: number | null,
): Promise<StepResult> {
  const list = await db.query('select 1 from lists where company_id = $1 and id = $2 for key share', [
    run.companyId,
    listId,
  ]);
  if (!list.rowCount) return { kind: 'failed', detail: 'list not found' };
  const contact = await db.query('select 1 from contacts where company_id = $1 and id = $2 for key share', [
    run.companyId,
    run.contactId,
  ]);
  if (!contact.rowCount) return { kind: 'failed', detail: 'contact not found' };
  const { rowCount } = await db.query(
    action === 'add'
      ? 'insert into list_members (company_id, list_id, contact_id) values ($1, $2, $3) on conflict do nothing'
      : 'delete from list_members where company_id = $1 and list_id = $2 and contact_id = $3',
    [run.companyId, listId, run.contactId],
  );
  if (!rowCount) return { kind: 'next', handle: 'next', detail: action === 'add' ? 'already in list' : 'not in list' };
  await recordEvent(db, {
    companyId: run.companyId,
    contactId: run.contactId,
    type: action === 'add' ? 'list.added' : 'list.removed',
    userId: null,
    payload: { listId, workflowId: run.workflowId },
  });
  return { kind: 'next', handle: 'next' };
}

/** A condition in the trace's words: what it tests, never the value it compares with (that may be personal). */
function describe(condition: SegmentCondition, defs: Map<number, AttributeDef>): string {
  switch (condition.kind) {
    case 'group':
      return `${condition.operator === 'and' ? 'all' : 'any'} of ${condition.conditions.length} conditions`;
    case 'field':
      return `${condition.field} ${condition.operator}`;
    case 'attribute':
      return `${defs.get(condition.attributeId)?.name ?? `attribute ${condition.attributeId}`} ${condition.operator}`;
    case 'list':
      return `${condition.operator === 'in' ? 'in' : 'not in'} list ${condition.listId}`;
    case 'blocklist':
      return `blocklist ${condition.operator}`;
  }
}

/** The trace's detail column holds a sentence, not a report. */
const DETAIL_MAX = 500;

/**
 * The branch on conditions: the segment compiler's SQL for the tree, evaluated for this one contact, and each
 * top-level condition on its own so the trace says which held (`yes: email contains held; Plan equals did not`).
 */
export async function branchOnConditions(db: Db, run: RunRef, conditions: SegmentGroup): Promise<StepResult> {
  const defs = await attributeDefs(db, run.companyId);
  const params = new SqlParams([run.companyId, run.contactId]);
  const whole = compileSegment(conditions, { params, attributes: defs });
  const each = conditions.conditions.map(
    (c) =>
      `coalesce(${compileSegment({ kind: 'group', operator: 'and', conditions: [c] }, { params, attributes: defs })}, false)`,
  );
  const { rows } = await db.query<{ yes: boolean; held: boolean[] }>(
    `select coalesce(${whole}, false) as yes, array[${each.join(', ') || 'null'}]::boolean[] as held
       from contacts c where c.company_id = $1 and c.id = $2`,
    params.values,
  );
  const row = rows[0];
  if (!row) return { kind: 'failed', detail: 'contact not found' };
  const held = conditions.conditions.filter((_, i) => row.held[i]).map((c) => describe(c, defs));
  const missed = conditions.conditions.filter((_, i) => !row.held[i]).map((c) => describe(c, defs));
  const parts = [
    ...(held.length ? [`${held.join(', ')} held`] : []),
    ...(missed.length ? [`${missed.join(', ')} did not`] : []),
  ];
  const detail = `${row.yes ? 'yes' : 'no'} (${conditions.operator === 'and' ? 'all' : 'any'}): ${parts.join('; ')}`;
  return { kind: 'next', handle: row.yes ? 'yes' : 'no', detail: detail.slice(0, DETAIL_MAX) };
}
