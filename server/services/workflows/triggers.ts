import type { Scope } from '../scope.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { STREAM_TRIGGERS, type NodeConfigs } from '../../../shared/workflows.ts';
import { enrol } from './engine.ts';

/**
 * Enrolment from the one event stream: the contact timeline (contact_events). Migration 041 queues this company's
 * `workflow_trigger` job when new events could fire one of its active workflows; the job reads the events after the
 * company's cursor in id order, a batch per transaction, matches each to the active workflows listening to its type
 * (the trigger's attribute, value or link), enrols, and moves the cursor in that transaction, so a repeated or
 * concurrent job (the cursor row is locked) never enrols a contact twice for one event.
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
