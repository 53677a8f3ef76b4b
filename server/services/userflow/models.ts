import { rm } from 'node:fs/promises';
import type { components } from '../../../shared/contract/schema.d.ts';
import { SOURCE_SECRETS, USERFLOW_ERRORS, suggestedAttributeName } from '../../../shared/userflow.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { decrypt, encrypt } from '../security/crypto.ts';
import type { Scope } from '../scope.ts';
import { iso } from '../contacts/sql.ts';

type Schemas = components['schemas'];
export type UserflowModel = Schemas['UserflowModel'];
type ModelInput = Schemas['UserflowModelInput'];
type ModelPatch = Schemas['UserflowModelPatch'];
type Run = Schemas['UserflowRun'];
type Version = Schemas['UserflowModelVersion'];

export const RUN_COLUMNS = `r.id::int as id, r.model_id::int as "modelId", r.version, r.trigger, r.status, r.rows, r.matched,
  r.cleared, r.incremental, r.duration_ms as "durationMs", r.error, ${iso('r.created_at')} as "createdAt", ${iso('r.started_at')} as "startedAt",
  ${iso('r.finished_at')} as "finishedAt"`;

/** One statement answers the model as the contract shows it: latest version's metrics, last run, secrets' names. */
const SELECT = `select m.id::int as id, m.name, m.prediction_type as "predictionType", m.question, m.status,
  m.source, m.source_secrets as "sealed", m.identity, m.target, m.time_column as "timeColumn", m.features,
  m.run_mode as "runMode", m.attribute_name as "attributeName",
  case when a.id is null then null else json_build_object('id', a.id, 'name', a.name) end as attribute,
  v.version, v.metrics, m.training, m.error,
  (select row_to_json(x) from (select ${RUN_COLUMNS} from userflow_runs r
     where r.company_id = m.company_id and r.model_id = m.id order by r.created_at desc, r.id desc limit 1) x) as "lastRun",
  ${iso('m.next_run_at')} as "nextRunAt", ${iso('m.created_at')} as "createdAt", ${iso('m.updated_at')} as "updatedAt"
  from userflow_models m
  left join contact_attributes a on a.company_id = m.company_id and a.id = m.attribute_id
  left join lateral (select version, metrics from userflow_model_versions v
     where v.company_id = m.company_id and v.model_id = m.id order by v.version desc limit 1) v on true`;

type Row = Omit<UserflowModel, 'source'> & { source: { kind: string; config: object } | null; sealed: string | null };

/** The stored secrets of a model's source (an empty object when none), decrypted with the server key. */
export function openSecrets(scope: Scope, sealed: string | null): Record<string, string> {
  return sealed ? (JSON.parse(decrypt(scope.config.secret, sealed)) as Record<string, string>) : {};
}

function present(scope: Scope, row: Row): UserflowModel {
  const { sealed, source, ...rest } = row;
  const secrets = openSecrets(scope, sealed);
  return {
    ...rest,
    source: source
      ? ({ kind: source.kind, config: source.config, secretsSet: Object.keys(secrets) } as UserflowModel['source'])
      : null,
  };
}

export async function listModels(scope: Scope): Promise<UserflowModel[]> {
  const { rows } = await scope.db.query<Row>(
    `${SELECT} where m.company_id = $1 order by m.created_at desc, m.id desc`,
    [scope.companyId],
  );
  return rows.map((row) => present(scope, row));
}

export async function getModel(scope: Scope, id: number): Promise<UserflowModel> {
  const { rows } = await scope.db.query<Row>(`${SELECT} where m.company_id = $1 and m.id = $2`, [scope.companyId, id]);
  if (!rows[0]) throw notFound();
  return present(scope, rows[0]);
}

export async function createModel(scope: Scope, input: ModelInput): Promise<UserflowModel> {
  const name = input.name.trim();
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into userflow_models (company_id, name, prediction_type, question, attribute_name)
     values ($1, $2, $3, $4, $5) returning id::int as id`,
    [scope.companyId, name || input.name, input.predictionType, input.question ?? '', suggestedAttributeName(name)],
  );
  return getModel(scope, rows[0]!.id);
}

/** Saves part of a model; a source's secrets left out are kept while its kind is unchanged. */
export async function updateModel(scope: Scope, id: number, patch: ModelPatch): Promise<UserflowModel> {
  const { rows } = await scope.db.query<{
    status: string;
    source: { kind: string; config: object } | null;
    sealed: string | null;
  }>(
    `select status, source, source_secrets as sealed from userflow_models where company_id = $1 and id = $2
     for update`,
    [scope.companyId, id],
  );
  const current = rows[0];
  if (!current) throw notFound();
  if (current.status === 'training') throw conflict('busy', USERFLOW_ERRORS.busy);
  if (patch.target?.kind === 'event') {
    // An event target names one of the company's own tracker sites (another company's id is as unknown as none).
    const site = await scope.db.query('select 1 from tracker_sites where company_id = $1 and id = $2', [
      scope.companyId,
      patch.target.siteId,
    ]);
    if (!site.rowCount) throw fieldError('target.siteId', USERFLOW_ERRORS.site_missing);
  }
  let source: unknown = undefined;
  let sealed: string | null | undefined = undefined;
  if (patch.source) {
    const sameKind = current.source?.kind === patch.source.kind;
    const kept = sameKind ? openSecrets(scope, current.sealed) : {};
    const sent = 'secrets' in patch.source ? (patch.source.secrets ?? {}) : {};
    const allowed = SOURCE_SECRETS[patch.source.kind] as readonly string[];
    const secrets = Object.fromEntries(
      Object.entries({ ...kept, ...sent }).filter(([name, value]) => allowed.includes(name) && value),
    );
    // A file source's config belongs to its upload: a patch keeps the uploaded file's details.
    const config =
      patch.source.kind === 'file' && sameKind
        ? current.source!.config
        : patch.source.kind === 'file'
          ? { fileName: null, rows: null, uploadedAt: null }
          : patch.source.config;
    source = { kind: patch.source.kind, config };
    sealed = Object.keys(secrets).length ? encrypt(scope.config.secret, JSON.stringify(secrets)) : null;
  }
  await scope.db.query(
    `update userflow_models set
       name = coalesce($3, name), prediction_type = coalesce($4, prediction_type), question = coalesce($5, question),
       source = case when $6::boolean then $7::jsonb else source end,
       source_secrets = case when $6::boolean then $8 else source_secrets end,
       identity = coalesce($9::jsonb, identity), target = coalesce($10::jsonb, target),
       time_column = case when $11::boolean then $12 else time_column end,
       features = coalesce($13::jsonb, features), run_mode = coalesce($14::jsonb, run_mode),
       attribute_name = coalesce($15, attribute_name),
       -- A new source or identity starts the incremental reads over (the next realtime run reads everything).
       changes_cursor = case when $6::boolean or $9::jsonb is not null then null else changes_cursor end,
       updated_at = now()
     where company_id = $1 and id = $2`,
    [
      scope.companyId,
      id,
      patch.name?.trim() || null,
      patch.predictionType ?? null,
      patch.question ?? null,
      source !== undefined,
      source === undefined ? null : JSON.stringify(source),
      sealed ?? null,
      patch.identity ? JSON.stringify(patch.identity) : null,
      patch.target ? JSON.stringify(patch.target) : null,
      'timeColumn' in patch,
      patch.timeColumn ?? null,
      patch.features ? JSON.stringify(patch.features) : null,
      patch.runMode ? JSON.stringify(patch.runMode) : null,
      patch.attributeName?.trim() || null,
    ],
  );
  return getModel(scope, id);
}

/** Deletes a model with its versions, runs and uploaded file (the row cascades; the file on disk goes after). */
export async function deleteModel(scope: Scope, id: number): Promise<void> {
  const { rows } = await scope.db.query<{ file: string | null }>(
    `delete from userflow_models m where company_id = $1 and id = $2
     returning (select f.file_path from userflow_files f where f.company_id = m.company_id and f.model_id = m.id) as file`,
    [scope.companyId, id],
  );
  if (!rows[0]) throw notFound();
  if (rows[0].file) await rm(rows[0].file, { force: true });
}

/** Pause stops scheduled and realtime runs of a trained model; resume brings it back to ready. */
export async function setPaused(scope: Scope, id: number, paused: boolean): Promise<UserflowModel> {
  const model = await getModel(scope, id);
  const allowed = paused ? model.status === 'ready' || model.status === 'failed' : model.status === 'paused';
  if (!allowed || (paused && model.version === null)) {
    throw conflict('invalid_status', paused ? 'Only a trained model can be paused.' : 'The model is not paused.');
  }
  await scope.db.query(
    `update userflow_models set status = $3, next_run_at = case when $3 = 'paused' then null else next_run_at end,
     updated_at = now() where company_id = $1 and id = $2`,
    [scope.companyId, id, paused ? 'paused' : 'ready'],
  );
  return getModel(scope, id);
}

export async function listVersions(scope: Scope, modelId: number): Promise<Version[]> {
  await getModel(scope, modelId);
  const { rows } = await scope.db.query<Version>(
    `select id::int as id, version, algorithm, metrics, duration_ms as "durationMs", ${iso('created_at')} as "createdAt"
     from userflow_model_versions where company_id = $1 and model_id = $2 order by version desc`,
    [scope.companyId, modelId],
  );
  return rows;
}

export async function listRuns(
  scope: Scope,
  modelId: number,
  page: number,
  perPage: number,
): Promise<{ items: Run[]; total: number }> {
  await getModel(scope, modelId);
  const { rows } = await scope.db.query<Run & { total: number }>(
    `select ${RUN_COLUMNS}, count(*) over ()::int as total from userflow_runs r
     where r.company_id = $1 and r.model_id = $2 order by r.created_at desc, r.id desc limit $3 offset $4`,
    [scope.companyId, modelId, perPage, (page - 1) * perPage],
  );
  return { items: rows.map(({ total: _total, ...run }) => run), total: rows[0]?.total ?? 0 };
}
