import type { Scope } from '../scope.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { STREAM_TRIGGERS, type NodeConfigs } from '../../../shared/workflows.ts';
import { enrol } from './enrol.ts';
import { scheduleDates } from './dates.ts';
import { exitChangedContacts, matching } from './goals.ts';
import { segmentConditions } from '../contacts/query.ts';
import { compileSegment } from '../contacts/segments/compile.ts';
import { attributeDefs } from '../contacts/attributes.ts';
import { SqlParams } from '../contacts/sql.ts';

/**
 * Enrolment from the one event stream: the contact timeline (contact_events). Migration 041 queues this company's
 * `workflow_trigger` job when new events could fire one of its active workflows; the job reads the events after the
 * company's cursor in id order, a batch per transaction, matches each to the active workflows listening to its type
 * (the trigger's attribute, value or link), enrols, and moves the cursor in that transaction, so a repeated or
 * concurrent job (the cursor row is locked) never enrols a contact twice for one event. The same read serves the
 * triggers that look at a contact's state rather than an event's type: segmentEntered (the changed contacts are
 * evaluated against the segment) and goals (the changed contacts' runs in progress end when they meet the goal).
 */

/** Events read per transaction; a full batch queues the company's job again for the rest. */
export const TRIGGER_BATCH = 2000;

interface StreamEvent {
  id: string;
  contact_id: number;
  type: keyof typeof STREAM_TRIGGERS;
  payload: { attributes?: string[]; messageId?: number; linkIdx?: number };
  created_at: Date;
}

interface ListeningWorkflow {
  id: number;
  trigger: NodeConfigs['trigger'];
  published_at: Date;
}

export async function matchTriggerEvents(scope: Scope): Promise<number> {
  return scope.db.transaction(async (db) => {
    const { companyId } = scope;
    await db.query('insert into workflow_trigger_cursors (company_id) values ($1) on conflict do nothing', [companyId]);
    const cursor = await db.query<{ last: string }>(
      'select last_event_id::text as last from workflow_trigger_cursors where company_id = $1 for update',
      [companyId],
    );
    const types = Object.keys(STREAM_TRIGGERS);
    const events = await db.query<StreamEvent>(
      `select id::text, contact_id::int, type, payload, created_at from contact_events
        where company_id = $1 and id > $2 order by id limit $3`,
      [companyId, cursor.rows[0]!.last, TRIGGER_BATCH],
    );
    if (!events.rows.length) return 0;
    const workflows = await db.query<ListeningWorkflow>(
      `select w.id::int, n -> 'config' as trigger, v.created_at as published_at
         from workflows w join workflow_versions v on v.company_id = w.company_id and v.id = w.version_id,
              jsonb_array_elements(v.graph -> 'nodes') n
        where w.company_id = $1 and w.status = 'active' and n ->> 'kind' = 'trigger'
          and w.trigger_type = any($2::text[])`,
      [companyId, types.map((t) => STREAM_TRIGGERS[t as keyof typeof STREAM_TRIGGERS])],
    );
    const links = await clickedLinks(db, companyId, events.rows);
    const enrolments = new Map<number, Set<number>>();
    for (const w of workflows.rows) {
      const wanted = events.rows.filter(
        (e) =>
          STREAM_TRIGGERS[e.type] === w.trigger.type &&
          // Only events from the version's publication on: an event a paused workflow missed does not fire it later.
          e.created_at >= w.published_at &&
          matches(w.trigger, e, links),
      );
      if (wanted.length) enrolments.set(w.id, new Set(wanted.map((e) => e.contact_id)));
    }
    let enrolled = 0;
    for (const [workflowId, contacts] of enrolments) {
      const trigger = workflows.rows.find((w) => w.id === workflowId)!.trigger;
      const ids = await withValue(db, companyId, trigger, [...contacts]);
      if (ids.length) enrolled += await enrol(db, companyId, workflowId, ids);
    }
    const changed = [...new Set(events.rows.map((e) => e.contact_id))];
    enrolled += await enterSegments(db, companyId, changed);
    await exitChangedContacts(db, companyId, changed);
    const last = events.rows[events.rows.length - 1]!.id;
    await db.query('update workflow_trigger_cursors set last_event_id = $2, updated_at = now() where company_id = $1', [
      companyId,
      last,
    ]);
    if (events.rows.length === TRIGGER_BATCH) await enqueue(db, TASKS.workflowTrigger, { companyId });
    return enrolled;
  });
}

type Db = Parameters<Parameters<Scope['db']['transaction']>[0]>[0];

/** The URL of each clicked link (a click event names its message and link index). */
async function clickedLinks(db: Db, companyId: string, events: StreamEvent[]): Promise<Map<string, string>> {
  const clicks = events.filter((e) => e.type === 'message.clicked' && e.payload.linkIdx !== undefined);
  if (!clicks.length) return new Map();
  const { rows } = await db.query<{ message_id: string; idx: number; url: string }>(
    `select message_id::text, idx, url from message_links
      where company_id = $1 and (message_id, idx) in (select * from unnest($2::bigint[], $3::int[]))`,
    [companyId, clicks.map((e) => e.payload.messageId), clicks.map((e) => e.payload.linkIdx)],
  );
  return new Map(rows.map((r) => [`${r.message_id}:${r.idx}`, r.url]));
}

function matches(trigger: NodeConfigs['trigger'], e: StreamEvent, links: Map<string, string>): boolean {
  if (trigger.type === 'attributeChanged') {
    return trigger.attributeId != null && (e.payload.attributes ?? []).includes(String(trigger.attributeId));
  }
  if (trigger.type === 'emailClicked' && trigger.link) {
    return links.get(`${e.payload.messageId}:${e.payload.linkIdx}`) === trigger.link;
  }
  return true;
}

/** "Attribute changed to a value": the contacts whose attribute now holds it (events carry ids, never values). */
async function withValue(db: Db, companyId: string, trigger: NodeConfigs['trigger'], ids: number[]) {
  if (trigger.type !== 'attributeChanged' || !trigger.value) return ids;
  const { rows } = await db.query<{ id: number }>(
    `select id::int from contacts where company_id = $1 and id = any($2::bigint[])
        and attributes ->> $3 = $4`,
    [companyId, ids, String(trigger.attributeId), trigger.value],
  );
  return rows.map((r) => r.id);
}

/**
 * segmentEntered: the changed contacts are evaluated against each listening workflow's segment (the segment compiler
 * restricted to their ids); those that match and were not members enrol, those that no longer match leave the
 * membership table, so leaving and entering again enrols again (as the re-entry rule allows).
 */
async function enterSegments(db: Db, companyId: string, changed: number[]): Promise<number> {
  const { rows } = await db.query<{ id: number; segment: number }>(
    `select id::int, trigger_key::bigint as segment from workflows
      where company_id = $1 and status = 'active' and trigger_type = 'segmentEntered' and version_id is not null
        and trigger_key ~ '^[0-9]+$'`,
    [companyId],
  );
  let enrolled = 0;
  for (const w of rows) {
    const conditions = await segmentConditions(db, companyId, Number(w.segment)).catch(() => null);
    if (!conditions) continue;
    const met = await matching(db, companyId, conditions, changed);
    const gone = changed.filter((id) => !met.has(id));
    if (gone.length) {
      await db.query(
        'delete from workflow_segment_members where company_id = $1 and workflow_id = $2 and contact_id = any($3)',
        [companyId, w.id, gone],
      );
    }
    const entered = await db.query<{ contact_id: number }>(
      `insert into workflow_segment_members (company_id, workflow_id, contact_id)
         select $1, $2, unnest($3::bigint[]) on conflict do nothing returning contact_id::int`,
      [companyId, w.id, [...met]],
    );
    const ids = entered.rows.map((r) => r.contact_id);
    if (ids.length) enrolled += await enrol(db, companyId, w.id, ids);
  }
  return enrolled;
}

/**
 * When a workflow becomes active (called in the transaction that sets the status, and again when an active workflow
 * publishes a new version; a workflow not active is left alone, so a job running between activation's publication
 * and its status change finds nothing half-made): the company's trigger cursor starts at its latest event if it has
 * none yet (so the first job reads from here on, not the whole past timeline), a segmentEntered workflow snapshots
 * its segment's current members, who are not enrolled, and a dateAttribute workflow (re)schedules the date job.
 */
export async function onActivated(db: Db, companyId: string, workflowId: number): Promise<void> {
  const { rows } = await db.query<{ segment: string | null; type: string | null }>(
    `select trigger_type as type, case when trigger_type = 'segmentEntered' and trigger_key ~ '^[0-9]+$'
        then trigger_key end as segment from workflows where company_id = $1 and id = $2 and status = 'active'`,
    [companyId, workflowId],
  );
  if (!rows[0]) return;
  await db.query(
    `insert into workflow_trigger_cursors (company_id, last_event_id)
       select $1, coalesce(max(id), 0) from contact_events where company_id = $1
     on conflict do nothing`,
    [companyId],
  );
  // From an hour ago: a date job due in the last hour and not yet run stays due (running it twice enrols nobody twice).
  if (rows[0].type === 'dateAttribute')
    await scheduleDates(db, companyId, workflowId, new Date(Date.now() - 3_600_000));
  await db.query('delete from workflow_segment_members where company_id = $1 and workflow_id = $2', [
    companyId,
    workflowId,
  ]);
  if (!rows[0].segment) return;
  const conditions = await segmentConditions(db, companyId, Number(rows[0].segment)).catch(() => null);
  if (!conditions) return;
  const params = new SqlParams([companyId, workflowId]);
  const where = compileSegment(conditions, { params, attributes: await attributeDefs(db, companyId) });
  await db.query(
    `insert into workflow_segment_members (company_id, workflow_id, contact_id)
       select $1, $2, c.id from contacts c where c.company_id = $1 and ${where}`,
    params.values,
  );
}
