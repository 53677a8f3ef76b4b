import type { PoolClient } from 'pg';
import type { components } from '../../../shared/contract/schema.d.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { WEBHOOK_LIMITS } from '../../../shared/integrations.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { WEBHOOK_TEXTS } from '../../../shared/webhooks.ts';
import type { Queryable } from '../../db/tenant.ts';
import { conflict, invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Scope } from '../scope.ts';
import { validateDestination } from '../../http/outgoing.ts';
import { newWebhookSecret, openSecret, sealSecret } from './signing.ts';

/**
 * A company's webhook endpoints: where its events go, which types each receives, and the signing secret (sealed with
 * the server key, shown on demand, rotated with the previous one signing for WEBHOOK_LIMITS.previousSecretMs).
 * A destination is checked when it is saved (https unless WEBHOOK_ALLOW_HTTP, public addresses unless
 * WEBHOOK_ALLOW_PRIVATE); delivery checks it again at connect time.
 */

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointInput = components['schemas']['WebhookEndpointInput'];
export type WebhookEndpointPatch = components['schemas']['WebhookEndpointPatch'];
export type WebhookSecret = components['schemas']['WebhookSecret'];

interface EndpointRow {
  id: number;
  url: string;
  description: string;
  event_types: WebhookEndpoint['eventTypes'];
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  failing_since: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

const iso = (column: string) => `to_json(${column}) #>> '{}' as ${column}`;
// previous_secret_until is shown only while the previous secret still signs.
const SELECT = `select id::int, url, description, event_types, enabled, disabled_reason, ${iso('failing_since')},
  case when previous_secret_until > now() then to_json(previous_secret_until) #>> '{}' end as previous_secret_until,
  ${iso('created_at')}, ${iso('updated_at')} from webhook_endpoints`;

function present(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : (row.disabled_reason ?? 'manual'),
    failingSince: row.failing_since,
    previousSecretUntil: row.previous_secret_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function endpointRow(scope: Scope, id: number, db: Queryable = scope.db, lock = false): Promise<EndpointRow> {
  const { rows } = await db.query<EndpointRow>(
    `${SELECT} where company_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The endpoint, or 404 when the company has none with this id (another company's ids included). */
export async function getWebhookEndpoint(scope: Scope, id: number): Promise<WebhookEndpoint> {
  return present(await endpointRow(scope, id));
}

/** The endpoint when it is enabled; a disabled one refuses deliveries with 409 (they would wait, unseen). */
export async function requireEnabledEndpoint(scope: Scope, id: number, db: Queryable = scope.db) {
  const row = await endpointRow(scope, id, db);
  if (!row.enabled) throw conflict('webhook_disabled', WEBHOOK_TEXTS.endpointDisabled);
  return row;
}

export async function listWebhookEndpoints(scope: Scope): Promise<WebhookEndpoint[]> {
  const { rows } = await scope.db.query<EndpointRow>(`${SELECT} where company_id = $1 order by id desc`, [
    scope.companyId,
  ]);
  return rows.map(present);
}

/** The URL and event types as they are stored, or a 422 naming every field that is wrong. */
async function checkedFields(scope: Scope, input: { url?: string; eventTypes?: WebhookEndpoint['eventTypes'] }) {
  const errors: FieldErrors = {};
  const url = input.url?.trim();
  if (url !== undefined) {
    const reason = url ? await validateDestination(url, scope.config) : FIELD_TEXTS.urlRequired;
    if (reason) errors.url = [reason];
  }
  if (input.eventTypes !== undefined && !input.eventTypes.length)
    errors.eventTypes = [WEBHOOK_TEXTS.eventTypesRequired];
  if (Object.keys(errors).length) throw invalid(errors);
  return { url, eventTypes: input.eventTypes };
}

export async function createWebhookEndpoint(scope: Scope, input: WebhookEndpointInput): Promise<WebhookEndpoint> {
  const { url, eventTypes } = await checkedFields(scope, input);
  const enabled = input.enabled ?? true;
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into webhook_endpoints (company_id, url, description, event_types, enabled, disabled_reason,
                                    secret_sealed, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::int`,
    [
      scope.companyId,
      url,
      input.description?.trim() ?? '',
      eventTypes,
      enabled,
      enabled ? null : 'manual',
      sealSecret(scope.config.secret, newWebhookSecret()),
      scope.userId,
    ],
  );
  return getWebhookEndpoint(scope, rows[0]!.id);
}

/**
 * Queues an endpoint's waiting deliveries again after it is enabled (they stayed pending while it was disabled).
 * One job for the earliest: the delivery job goes on with the endpoint's other due deliveries after it.
 */
async function resumeDeliveries(scope: Scope, db: PoolClient, endpointId: number): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `select id::int from webhook_deliveries where company_id = $1 and endpoint_id = $2 and status = 'pending'
      order by next_attempt_at, id limit 1`,
    [scope.companyId, endpointId],
  );
  if (rows[0]) await enqueue(db, TASKS.deliverWebhook, { companyId: scope.companyId, deliveryId: rows[0].id });
}

/** Changes an endpoint. Enabling it clears its failure (failing_since, the reason) and resumes its deliveries. */
export async function updateWebhookEndpoint(
  scope: Scope,
  id: number,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpoint> {
  const { url, eventTypes } = await checkedFields(scope, patch);
  await scope.db.transaction(async (db) => {
    const current = await endpointRow(scope, id, db, true);
    const sets: string[] = ['updated_at = now()'];
    const values: unknown[] = [scope.companyId, id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (url !== undefined) set('url', url);
    if (patch.description !== undefined) set('description', patch.description.trim());
    if (eventTypes !== undefined) set('event_types', eventTypes);
    if (patch.enabled === true && !current.enabled) {
      set('enabled', true);
      sets.push('disabled_reason = null', 'failing_since = null');
    } else if (patch.enabled === false && current.enabled) {
      set('enabled', false);
      set('disabled_reason', 'manual');
    }
    await db.query(`update webhook_endpoints set ${sets.join(', ')} where company_id = $1 and id = $2`, values);
    if (patch.enabled === true && !current.enabled) await resumeDeliveries(scope, db, id);
  });
  return getWebhookEndpoint(scope, id);
}

export async function deleteWebhookEndpoint(scope: Scope, id: number): Promise<void> {
  const { rowCount } = await scope.db.query('delete from webhook_endpoints where company_id = $1 and id = $2', [
    scope.companyId,
    id,
  ]);
  if (!rowCount) throw notFound();
}

interface SecretRow {
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
}

function presentSecret(scope: Scope, row: SecretRow): WebhookSecret {
  const previous = row.previous_secret_sealed && row.previous_secret_until;
  return {
    secret: openSecret(scope.config.secret, row.secret_sealed),
    previousSecret: previous ? openSecret(scope.config.secret, row.previous_secret_sealed!) : null,
    previousSecretUntil: previous ? row.previous_secret_until : null,
  };
}

const SECRET_COLUMNS = `secret_sealed,
  case when previous_secret_until > now() then previous_secret_sealed end as previous_secret_sealed,
  case when previous_secret_until > now() then to_json(previous_secret_until) #>> '{}' end as previous_secret_until`;

/** The signing secret, and the previous one while it still signs. */
export async function getWebhookSecret(scope: Scope, id: number): Promise<WebhookSecret> {
  const { rows } = await scope.db.query<SecretRow>(
    `select ${SECRET_COLUMNS} from webhook_endpoints where company_id = $1 and id = $2`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  return presentSecret(scope, rows[0]);
}

/** A new secret; the current one becomes the previous and keeps signing for WEBHOOK_LIMITS.previousSecretMs. */
export async function rotateWebhookSecret(scope: Scope, id: number): Promise<WebhookSecret> {
  const { rows } = await scope.db.query<SecretRow>(
    `update webhook_endpoints set previous_secret_sealed = secret_sealed, secret_sealed = $3,
            previous_secret_until = now() + make_interval(secs => $4), updated_at = now()
      where company_id = $1 and id = $2 returning ${SECRET_COLUMNS}`,
    [scope.companyId, id, sealSecret(scope.config.secret, newWebhookSecret()), WEBHOOK_LIMITS.previousSecretMs / 1000],
  );
  if (!rows[0]) throw notFound();
  return presentSecret(scope, rows[0]);
}
