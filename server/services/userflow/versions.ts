/**
 * Training a model's new version (issue 24 §3): the API checks the model is complete and queues the job; the job
 * reads the source through its connector (sampled down to USERFLOW_LIMITS.maxTrainingRows at random, said in the
 * version's metrics), labels rows from the target column or from tracker events, trains in a worker thread
 * (training/inThread.ts), stores the version and scores the contacts with it at once. Progress and failures go to the
 * model's row and to realtime (progress.ts).
 */
import type { components } from '../../../shared/contract/schema.d.ts';
import { TASKS } from '../../../shared/jobs.ts';
import {
  isLearnable,
  PAGE_VIEW_TARGET,
  USERFLOW_ERRORS,
  USERFLOW_LIMITS,
  type PredictionType,
} from '../../../shared/userflow.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Scope } from '../scope.ts';
import { openConnector } from './connectors/index.ts';
import { ConnectorError, type SourceRow, type SourceValue } from './connectors/types.ts';
import { cellText } from './connectors/values.ts';
import { getModel, type UserflowModel } from './models.ts';
import { reportProgress, userflowFailure } from './progress.ts';
import { runScoring } from './scoring.ts';
import { loadSource } from './sources.ts';
import { trainInThread } from './training/inThread.ts';
import { seeded } from './training/random.ts';
import { labelOf } from './training/labels.ts';
import type { Example } from './training/train.ts';

type Schemas = components['schemas'];
type Target = Schemas['UserflowTarget'];
type Identity = Schemas['UserflowIdentity'];

interface Definition {
  predictionType: PredictionType;
  identity: Identity | null;
  target: Target | null;
  features: Schemas['UserflowFeature'][];
  timeColumn: string | null;
  status: string;
}

/**
 * The features a model learns from: the used ones, never the identity column nor the target column (a target among
 * its own features would be learnt as its own answer, and the identity is a name, not a signal), whatever the
 * stored feature list says.
 */
export function learnedFeatures(
  model: Pick<Definition, 'features' | 'identity' | 'target'>,
): Schemas['UserflowFeature'][] {
  const target = model.target?.kind === 'column' ? model.target.column : null;
  return model.features.filter((feature) => feature.used && isLearnable(feature.name, model.identity?.column, target));
}

async function definition(scope: Scope, modelId: number): Promise<Definition> {
  const { rows } = await scope.db.query<Definition>(
    `select prediction_type as "predictionType", identity, target, features, time_column as "timeColumn", status
     from userflow_models where company_id = $1 and id = $2`,
    [scope.companyId, modelId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Checks the model can be trained and queues its training: 422 naming the missing parts, 409 while busy. */
export async function startTraining(scope: Scope, modelId: number): Promise<UserflowModel> {
  const model = await getModel(scope, modelId);
  if (model.status === 'training') throw conflict('busy', USERFLOW_ERRORS.busy);
  const errors: Record<string, string[]> = {};
  if (!model.source) errors.source = [USERFLOW_ERRORS.source_missing];
  if (!model.identity) errors.identity = [USERFLOW_ERRORS.identity_missing];
  // A value is a column's number: an event (did it or not) defines only a probability's outcome.
  if (!model.target || (model.predictionType === 'value' && model.target.kind === 'event')) {
    errors.target = [USERFLOW_ERRORS.target_missing];
  }
  if (!learnedFeatures(model).length) errors.features = [USERFLOW_ERRORS.features_missing];
  if (Object.keys(errors).length) throw invalid(errors);
  await scope.db.transaction(async (db) => {
    const { rowCount } = await db.query(
      `update userflow_models set status = 'training', training = '{"stage":"reading","percent":0}', error = null,
         updated_at = now() where company_id = $1 and id = $2 and status <> 'training'`,
      [scope.companyId, modelId],
    );
    if (!rowCount) throw conflict('busy', USERFLOW_ERRORS.busy);
    await enqueue(db, TASKS.trainUserflowModel, { companyId: scope.companyId, modelId });
  });
  scope.realtime.toCompany(scope.companyId, 'userflow.model', {
    modelId,
    status: 'training',
    stage: 'reading',
    percent: 0,
    error: null,
  });
  return getModel(scope, modelId);
}

/** The key a row's identity value is labelled under: emails compare without case, an external id as it is. */
const identityKey = (identity: Identity, value: SourceValue | undefined) => {
  const text = cellText(value);
  if (!text) return null;
  return identity.matchKind === 'email' ? text.toLowerCase() : text;
};

/**
 * Labels for a page of rows from tracker events: "yes" when the row's contact (matched by email, or by the external
 * id attribute the identity names) did the event on the site within the last `days` — any page view for
 * PAGE_VIEW_TARGET, else the custom event of that name; rows matching no contact stay unlabelled.
 */
async function eventLabels(
  scope: Scope,
  target: Extract<Target, { kind: 'event' }>,
  identity: Identity,
  keys: string[],
) {
  const byEmail = identity.matchKind === 'email';
  const { rows } = await scope.db.query<{ key: string; did: boolean }>(
    `select ${byEmail ? 'lower(c.email::text)' : 'c.attributes ->> $6'} as key, exists (
        select 1 from tracker_events e where e.company_id = $1 and e.contact_id = c.id and e.site_id = $3
          and e.received_at > now() - make_interval(days => $5)
          and case when $4 = '${PAGE_VIEW_TARGET}' then e.type = 'page_view' else e.type = 'event' and e.name = $4 end)
        as did
      from contacts c where c.company_id = $1 and c.anonymised_at is null
        and ${byEmail ? 'c.email = any($2::citext[])' : 'c.attributes ->> $6 = any($2::text[])'}`,
    [
      scope.companyId,
      keys,
      target.siteId,
      target.eventName,
      target.days,
      ...(byEmail ? [] : [String(identity.attributeId ?? 0)]),
    ],
  );
  return new Map(rows.map((row) => [row.key, row.did ? 1 : 0]));
}

/**
 * Reads the labelled rows, keeping a uniform random sample of at most maxTrainingRows (reservoir sampling, so any
 * source size reads in one pass).
 */
async function readExamples(scope: Scope, modelId: number, model: Definition) {
  const { settings } = await loadSource(scope, modelId);
  const connector = await openConnector(scope, modelId, settings);
  const target = model.target!;
  const used = learnedFeatures(model);
  const cap = USERFLOW_LIMITS.maxTrainingRows;
  const random = seeded(modelId);
  const examples: Example[] = [];
  let seen = 0;
  try {
    const columns = await connector.columns();
    const needed = [
      model.identity!.column,
      ...used.map((f) => f.name),
      ...(model.timeColumn ? [model.timeColumn] : []),
    ];
    if (target.kind === 'column') needed.push(target.column);
    const gone = needed.filter((name) => !columns.includes(name));
    if (gone.length) throw new ConnectorError('column_missing', gone.join(', '));
    for await (const page of connector.rows({ limit: USERFLOW_LIMITS.maxScoringRows })) {
      const labels =
        target.kind === 'event'
          ? await eventLabels(
              scope,
              target,
              model.identity!,
              page.flatMap((row) => identityKey(model.identity!, row[model.identity!.column]) ?? []),
            )
          : null;
      for (const row of page) {
        const label =
          target.kind === 'event'
            ? (labels!.get(identityKey(model.identity!, row[model.identity!.column]) ?? '') ?? null)
            : labelOf(model.predictionType, row[target.column], target.positiveValue);
        if (label === null) continue;
        seen += 1;
        const kept: SourceRow = {};
        for (const name of needed) kept[name] = row[name] ?? null;
        if (examples.length < cap) examples.push({ row: kept, label });
        else {
          const slot = Math.floor(random() * seen);
          if (slot < cap) examples[slot] = { row: kept, label };
        }
      }
    }
  } finally {
    await connector.close().catch(() => undefined);
  }
  if (!seen) throw new ConnectorError(target.kind === 'event' ? 'no_matches' : 'source_empty');
  if (model.predictionType === 'value' && target.kind === 'column' && !examples.length) {
    throw new ConnectorError('target_not_numeric');
  }
  return { examples, sampled: seen > cap };
}

/** The training job: a new version on success, the model failed with the named error otherwise. */
export async function runTraining(scope: Scope, modelId: number): Promise<void> {
  const started = Date.now();
  let model: Definition;
  try {
    model = await definition(scope, modelId);
  } catch {
    return; // deleted meanwhile
  }
  try {
    await reportProgress(scope, modelId, 'training', 'reading', 0);
    const { examples, sampled } = await readExamples(scope, modelId, model);
    let last = '';
    // Stage reports are written one after another and all before the final status: an unawaited stage report on
    // another pooled connection could otherwise commit after "ready" and leave the model "training" for good.
    let reporting = Promise.resolve();
    const result = await trainInThread(
      {
        predictionType: model.predictionType,
        examples,
        features: learnedFeatures(model).map(({ name, type }) => ({ name, type })),
        timeColumn: model.timeColumn,
        sampled,
        seed: modelId,
        reference: Date.now(),
      },
      (stage, percent) => {
        if (stage === last) return;
        last = stage;
        reporting = reporting.then(() =>
          reportProgress(scope, modelId, 'training', stage, percent).catch(() => undefined),
        );
      },
    ).finally(() => reporting);
    await scope.db.query(
      `insert into userflow_model_versions (company_id, model_id, version, algorithm, metrics, artifact, duration_ms)
       select $1, $2, coalesce(max(version), 0) + 1, $3, $4, $5, $6 from userflow_model_versions
       where company_id = $1 and model_id = $2`,
      [
        scope.companyId,
        modelId,
        result.metrics.algorithm,
        JSON.stringify(result.metrics),
        JSON.stringify(result.artifact),
        Date.now() - started,
      ],
    );
    await reportProgress(scope, modelId, 'training', 'scoring', 90);
    await reportProgress(scope, modelId, 'ready', null, null);
  } catch (error) {
    const failure = userflowFailure(scope, error, 'training');
    await reportProgress(scope, modelId, 'failed', null, null, { code: failure.code, detail: failure.detail });
    return;
  }
  await runScoring(scope, modelId, 'training');
}
