import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { queueDrain } from '../integrations/outbox.ts';
import { newWebhookSecret, sealSecret } from '../integrations/signing.ts';
import { notifyIn } from '../notifications/notifications.ts';
import type { Scope } from '../scope.ts';
import { WORKFLOW_WEBHOOK_EVENT, type NodeConfigs } from '../../../shared/workflows.ts';
import type { RunRef, StepResult } from './types.ts';

/**
 * The steps that reach out of the workflow: a signed webhook call and a notification to team members. Both write
 * their effect in the step's transaction (an outbox row, notification rows), so a step repeated after a crash finds
 * its record and acts no more, and a rolled-back step leaves nothing behind.
 */

type Db = Pick<PoolClient, 'query'>;

interface RunFacts {
  workflowName: string;
  contact: { id: number; email: string; firstName: string | null; lastName: string | null } | null;
}

async function runFacts(db: Db, run: RunRef): Promise<RunFacts> {
  const { rows } = await db.query<{ name: string; contact: RunFacts['contact'] }>(
    `select w.name, (select json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name,
                                              'lastName', c.last_name)
                       from contacts c where c.company_id = w.company_id and c.id = $3) as contact
       from workflows w where w.company_id = $1 and w.id = $2`,
    [run.companyId, run.workflowId, run.contactId],
  );
  return { workflowName: rows[0]?.name ?? '', contact: rows[0]?.contact ?? null };
}

/** Advisory lock class of a webhook step's endpoint look-up, for the two-key form. */
const WEBHOOK_STEP_LOCK_CLASS = 0x4d57_0001;

/**
 * The webhook's endpoint: the company's endpoint with this URL, or a new one subscribed to no event type (it
 * receives only the steps' calls). Either way it shows on Integrations → Webhooks with its signing secret, its
 * delivery log, retries and disabling. One transaction at a time looks up and creates per URL.
 */
async function endpointFor(db: Db, scope: Scope, url: string): Promise<{ id: number; enabled: boolean }> {
  await db.query('select pg_advisory_xact_lock($1, hashtext($2::text))', [
    WEBHOOK_STEP_LOCK_CLASS,
    `${scope.companyId}:${url}`,
  ]);
  const found = await db.query<{ id: number; enabled: boolean }>(
    'select id::int, enabled from webhook_endpoints where company_id = $1 and url = $2 order by id limit 1',
    [scope.companyId, url],
  );
  if (found.rows[0]) return found.rows[0];
  const created = await db.query<{ id: number; enabled: boolean }>(
    `insert into webhook_endpoints (company_id, url, description, event_types, secret_sealed)
     values ($1, $2, $3, '{}', $4) returning id::int, enabled`,
    [scope.companyId, url, 'Workflow webhook steps', sealSecret(scope.config.secret, newWebhookSecret())],
  );
  return created.rows[0]!;
}

/**
 * Posts the run's contact and workflow to the step's URL as a signed Standard Webhooks event, through the webhook
 * outbox: an event row and one delivery to the URL's endpoint, drained by the delivery jobs (SSRF guard, retries,
 * log). The event id is derived from (company, run, step), so the receiver can deduplicate and a repeated step
 * inserts nothing.
 */
export async function callWebhook(
  db: Db,
  scope: Scope,
  run: RunRef & { nodeId: string },
  config: NodeConfigs['webhook'],
): Promise<StepResult> {
  const url = (config.url ?? '').trim();
  if (!/^https?:\/\/\S+$/.test(url) || url.length > 2048) return { kind: 'failed', detail: 'no webhook URL' };
  const endpoint = await endpointFor(db, scope, url);
  if (!endpoint.enabled) return { kind: 'failed', detail: `webhook endpoint ${endpoint.id} is disabled` };
  const facts = await runFacts(db, run);
  if (!facts.contact) return { kind: 'failed', detail: 'contact not found' };
  const uid = `evt_${createHash('sha256').update(`${run.companyId}:${run.runId}:${run.nodeId}`).digest('hex').slice(0, 32)}`;
  const payload = {
    workflow: { id: run.workflowId, name: facts.workflowName },
    run: { id: run.runId, step: run.nodeId },
    contact: facts.contact,
  };
  const { rows } = await db.query<{ id: number }>(
    `with event as (
       insert into webhook_events (company_id, event_uid, type, payload) values ($1, $2, $3, $4)
       on conflict (event_uid) do nothing returning id
     )
     insert into webhook_deliveries (company_id, event_id, endpoint_id, next_attempt_at)
     select $1, event.id, $5, now() from event returning id::int`,
    [run.companyId, uid, WORKFLOW_WEBHOOK_EVENT, JSON.stringify(payload), endpoint.id],
  );
  if (rows[0]) await queueDrain(db, run.companyId, endpoint.id);
  return { kind: 'next', handle: 'next', detail: `queued to webhook endpoint ${endpoint.id} (${uid})` };
}

/** Notes longer than this are cut in the notification (the bell shows a sentence). */
const NOTE_MAX = 300;

/**
 * Notifies the chosen team members (users of the company; ids of other companies' users match nobody) with the
 * workflow, the contact and the note, one notification each, in the step's transaction.
 */
export async function notifyMembers(
  db: Db,
  scope: Scope,
  run: RunRef,
  config: NodeConfigs['notify'],
): Promise<StepResult> {
  // The team's member ids are user ids (uuid text); anything else matches no user.
  const ids = (config.memberIds as readonly unknown[]).map(String);
  const { rows: members } = await db.query<{ id: string }>(
    'select id from users where company_id = $1 and id::text = any($2::text[]) order by id',
    [run.companyId, ids],
  );
  if (!members.length) return { kind: 'failed', detail: 'no team member to notify' };
  const facts = await runFacts(db, run);
  if (!facts.contact) return { kind: 'failed', detail: 'contact not found' };
  const name = [facts.contact.firstName, facts.contact.lastName].filter(Boolean).join(' ');
  const values = {
    workflow: facts.workflowName,
    contact: name ? `${name} <${facts.contact.email}>` : facts.contact.email,
    note: (config.note ?? '').trim().slice(0, NOTE_MAX),
  };
  for (const m of members) {
    await notifyIn(db, scope.realtime, {
      companyId: run.companyId,
      userId: m.id,
      kind: 'workflow.notify',
      level: 'info',
      values,
    });
  }
  return { kind: 'next', handle: 'next', detail: `notified ${members.length} team member(s)` };
}
