/**
 * Scoring (issue 24 §3): reads every row of the model's source through its connector, scores them with the latest
 * version's artifact and writes the scores to the model's contact attribute (a number attribute, created when the
 * model first scores), in batches of USERFLOW_LIMITS.scoreBatchRows: COPY into a temporary table, then one
 * UPDATE … FROM that matches contacts by email or by an external-id attribute. A full run that succeeds then clears
 * the attribute on the company's contacts it did not score (they left the source or no longer match), so a score is
 * never older than the source; a failed run clears nothing. Each run is recorded (rows read, contacts scored, scores
 * cleared, duration, error).
 */
import type { components } from '../../../shared/contract/schema.d.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { USERFLOW_ERRORS, USERFLOW_LIMITS, type ModelStatus, type RunTrigger } from '../../../shared/userflow.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { inTransaction, type PoolClient } from '../../db/pool.ts';
import { copyField, copyInto } from '../contacts/imports/copy.ts';
import type { Scope } from '../scope.ts';
import { openConnector, readsChanges } from './connectors/index.ts';
import { ConnectorError, type SourceRow } from './connectors/types.ts';
import { cellText } from './connectors/values.ts';
import { RUN_COLUMNS } from './models.ts';
import { userflowFailure } from './progress.ts';
import { loadSource } from './sources.ts';
import type { Artifact } from './training/train.ts';

type Run = components['schemas']['UserflowRun'];
type Identity = components['schemas']['UserflowIdentity'];

/** Queues a scoring run now (runUserflowModel): 409 when the model has no version or is busy. */
export async function queueRun(scope: Scope, modelId: number, trigger: RunTrigger): Promise<Run> {
  const runId = await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ status: string; version: number | null; busy: boolean }>(
      `select m.status, (select max(version) from userflow_model_versions v
          where v.company_id = m.company_id and v.model_id = m.id) as version,
        exists (select 1 from userflow_runs r where r.company_id = m.company_id and r.model_id = m.id
          and r.status in ('queued', 'running')) as busy
       from userflow_models m where m.company_id = $1 and m.id = $2 for update`,
      [scope.companyId, modelId],
    );
    const model = rows[0];
    if (!model) throw notFound();
    if (model.version === null) throw conflict('not_trained', USERFLOW_ERRORS.not_trained);
    if (model.status === 'training' || model.busy) throw conflict('busy', USERFLOW_ERRORS.busy);
    const run = await db.query<{ id: number }>(
      `insert into userflow_runs (company_id, model_id, version, trigger) values ($1, $2, $3, $4) returning id::int as id`,
      [scope.companyId, modelId, model.version, trigger],
    );
    const runId = run.rows[0]!.id;
    await enqueue(db, TASKS.scoreUserflowModel, { companyId: scope.companyId, modelId, runId });
    return runId;
  });
  return getRun(scope, runId);
}

async function getRun(scope: Scope, runId: number): Promise<Run> {
  const { rows } = await scope.db.query<Run>(
    `select ${RUN_COLUMNS} from userflow_runs r where r.company_id = $1 and r.id = $2`,
    [scope.companyId, runId],
  );
  return rows[0]!;
}

/**
 * The contact attribute the model writes to: the one it names, else a number attribute of its attribute name (an
 * existing number attribute of that name is taken over; a name taken by another type gets the model's id added).
 */
async function ensureAttribute(scope: Scope, modelId: number): Promise<number> {
  const { rows } = await scope.db.query<{ attributeId: number | null; name: string; exists: boolean }>(
    `select m.attribute_id::int as "attributeId", m.attribute_name as name,
       exists (select 1 from contact_attributes a where a.company_id = m.company_id and a.id = m.attribute_id) as exists
     from userflow_models m where m.company_id = $1 and m.id = $2`,
    [scope.companyId, modelId],
  );
  const model = rows[0];
  if (!model) throw notFound();
  if (model.attributeId !== null && model.exists) return model.attributeId;
  const created = await scope.db.query<{ id: number }>(
    `with same as (select id from contact_attributes where company_id = $1 and lower(name) = lower($2) and type = 'number'),
          taken as (select 1 from contact_attributes where company_id = $1 and lower(name) = lower($2)),
          made as (insert into contact_attributes (company_id, name, type)
                   select $1, case when exists (select 1 from taken) then left($2, 90) || ' #' || $3 else $2 end, 'number'
                   where not exists (select 1 from same) returning id)
     select id::int as id from same union all select id::int from made`,
    [scope.companyId, model.name, modelId],
  );
  const attributeId = created.rows[0]!.id;
  await scope.db.query('update userflow_models set attribute_id = $3 where company_id = $1 and id = $2', [
    scope.companyId,
    modelId,
    attributeId,
  ]);
  return attributeId;
}

/**
 * Writes one batch of (identity, score) pairs inside the caller's transaction; the ids of the contacts it scored go
 * into the session's `userflow_scored`. Answers how many contacts got their score.
 */
async function writeBatch(
  db: PoolClient,
  companyId: string,
  identity: Identity,
  attributeId: number,
  batch: string,
): Promise<number> {
  await db.query(
    'create temp table if not exists userflow_score_stage (identity text, score double precision) on commit drop',
  );
  await copyInto(db, 'userflow_score_stage', batch);
  const match =
    identity.matchKind === 'email'
      ? 'c.email = s.identity::citext'
      : `c.attributes ->> '${Number(identity.attributeId)}' = s.identity`;
  const { rows } = await db.query<{ n: number }>(
    `with s as (select distinct on (lower(identity)) identity, score from userflow_score_stage
                order by lower(identity), score desc),
          up as (update contacts c set attributes = c.attributes || jsonb_build_object($2::text, s.score),
                   updated_at = now()
                 from s where c.company_id = $1 and ${match} and c.anonymised_at is null returning c.id),
          kept as (insert into userflow_scored (id) select id from up)
     select count(*)::int as n from up`,
    [companyId, String(attributeId)],
  );
  return rows[0]!.n;
}

/**
 * The write path of a scoring run: collects (identity, score) pairs as COPY lines and writes them in batches of
 * USERFLOW_LIMITS.scoreBatchRows, one transaction per batch (a crash keeps the batches already written), all on one
 * connection bound to the company, whose session keeps the ids of the contacts scored so far in a temporary table.
 * `add` after each row, `written` after each page of the source (it writes a full batch), `end` once (it writes the
 * rest and answers how many contacts got their score); after a complete full read, `clearStale` removes the
 * attribute, in one UPDATE, from the company's contacts this run did not score (they left the source or no longer
 * match). `close` always, last: it drops the session's table and gives the connection back. Exported for
 * bench/userflow/score.ts, which measures this path.
 */
export function scoreWriter(scope: Pick<Scope, 'db' | 'companyId'>, identity: Identity, attributeId: number) {
  let lines: string[] = [];
  let matched = 0;
  let client: PoolClient | null = null;

  const session = async (): Promise<PoolClient> => {
    if (client) return client;
    const db = await scope.db.connect();
    try {
      await db.query('create temp table if not exists userflow_scored (id bigint); truncate userflow_scored');
    } catch (error) {
      db.release(error as Error);
      throw error;
    }
    client = db;
    return db;
  };
  const transaction = async <T>(work: (db: PoolClient) => Promise<T>): Promise<T> =>
    inTransaction(await session(), work);
  const flush = async () => {
    if (!lines.length) return;
    const text = lines.join('');
    lines = [];
    matched += await transaction((db) => writeBatch(db, scope.companyId, identity, attributeId, text));
  };
  return {
    add(key: string, score: number): void {
      lines.push(`${copyField(key)}\t${score}\n`);
    },
    async written(): Promise<void> {
      if (lines.length >= USERFLOW_LIMITS.scoreBatchRows) await flush();
    },
    async end(): Promise<number> {
      await flush();
      return matched;
    },
    /** Clears the attribute on the company's contacts not scored by this writer; answers how many. */
    async clearStale(): Promise<number> {
      await flush();
      return transaction(async (db) => {
        // A temporary table has no statistics until analysed: without them the anti-join is planned for a few rows.
        await db.query('analyze userflow_scored');
        const { rowCount } = await db.query(
          `update contacts c set attributes = c.attributes - $2::text, updated_at = now()
           where c.company_id = $1 and c.attributes ? $2::text
             and not exists (select 1 from userflow_scored s where s.id = c.id)`,
          [scope.companyId, String(attributeId)],
        );
        return rowCount ?? 0;
      });
    },
    /** Drops the session's table and releases the connection (a connection that fails to is discarded). */
    async close(): Promise<void> {
      const db = client;
      client = null;
      if (!db) return;
      try {
        await db.query('drop table if exists userflow_scored');
        db.release();
      } catch (error) {
        db.release(error as Error);
      }
    },
    /** Contacts scored by the batches written so far (a failed run still records them). */
    get matched(): number {
      return matched;
    },
  };
}

/** Where the model's last incremental read ended (null: none yet). */
async function changesCursor(scope: Scope, modelId: number): Promise<string | null> {
  const { rows } = await scope.db.query<{ cursor: string | null }>(
    'select changes_cursor as cursor from userflow_models where company_id = $1 and id = $2',
    [scope.companyId, modelId],
  );
  return rows[0]?.cursor ?? null;
}

async function latestArtifact(scope: Scope, modelId: number) {
  const { rows } = await scope.db.query<{ version: number; artifact: Artifact }>(
    `select version, artifact from userflow_model_versions where company_id = $1 and model_id = $2
     order by version desc limit 1`,
    [scope.companyId, modelId],
  );
  if (!rows[0]) throw new ConnectorError('not_trained');
  return rows[0];
}

/** A score as stored: probabilities to 4 decimals, values to 2. */
const rounded = (artifact: Artifact, score: number) =>
  artifact.predictionType === 'probability' ? Math.round(score * 1e4) / 1e4 : Math.round(score * 100) / 100;

/**
 * One scoring run (a queued one by its id, or a new one for `trigger`); records its figures, never throws for a
 * source or model failure (the run says it).
 */
export async function runScoring(scope: Scope, modelId: number, trigger: RunTrigger, runId?: number): Promise<Run> {
  const started = Date.now();
  const opened = await scope.db.query<{ id: number; trigger: RunTrigger }>(
    runId
      ? `update userflow_runs set status = 'running', started_at = now() where company_id = $1 and model_id = $2
         and id = $3 returning id::int as id, trigger`
      : `insert into userflow_runs (company_id, model_id, trigger, status, started_at)
         values ($1, $2, $3, 'running', now()) returning id::int as id, trigger`,
    [scope.companyId, modelId, runId ?? trigger],
  );
  const id = opened.rows[0]?.id;
  if (!id) throw notFound();
  let rows = 0;
  let matched = 0;
  let cleared = 0;
  let incremental = false;
  let failure: ConnectorError | null = null;
  let version: number | null = null;
  try {
    const latest = await latestArtifact(scope, modelId);
    version = latest.version;
    const attributeId = await ensureAttribute(scope, modelId);
    const { settings, identity } = await loadSource(scope, modelId);
    if (!identity) throw new ConnectorError('identity_missing');
    const connector = await openConnector(scope, modelId, settings);
    const writer = scoreWriter(scope, identity, attributeId);
    // The models' libraries load with the first scoring run, not with every server process.
    const { scoreRows } = await import('./training/train.ts');
    const score = async (page: SourceRow[]) => {
      rows += page.length;
      const keyed = page.filter((row: SourceRow) => cellText(row[identity.column]) !== null);
      const scores = scoreRows(latest.artifact, keyed);
      keyed.forEach((row, i) => {
        const score = scores[i]!;
        if (!Number.isFinite(score)) return;
        writer.add(cellText(row[identity.column])!, rounded(latest.artifact, score));
      });
      await writer.written();
    };
    try {
      // A realtime run of a source that reads changes (a changes column, a "since" parameter) reads only the rows
      // changed since the model's cursor: an incremental run, which clears nothing (it cannot see the rows that left).
      // Its first run (no cursor yet), or one whose changes pass the cap, reads everything and starts the cursor.
      const since =
        opened.rows[0]!.trigger === 'realtime' && readsChanges(settings)
          ? await changesCursor(scope, modelId)
          : undefined;
      const changes =
        since !== undefined && connector.changesSince
          ? await connector.changesSince(since, { limit: USERFLOW_LIMITS.maxScoringRows })
          : null;
      if (changes && since !== null && changes.cursor !== null) {
        incremental = true;
        for (let at = 0; at < changes.rows.length; at += USERFLOW_LIMITS.pageRows) {
          await score(changes.rows.slice(at, at + USERFLOW_LIMITS.pageRows));
        }
        await writer.end();
      } else {
        for await (const page of connector.rows({ limit: USERFLOW_LIMITS.maxScoringRows })) await score(page);
        await writer.end();
        if (!rows) throw new ConnectorError('source_empty');
        // A read stopped at the cap did not see every row: the contacts past it keep their scores.
        if (rows < USERFLOW_LIMITS.maxScoringRows) cleared = await writer.clearStale();
      }
      // The cursor moves only when the run's writes are done (a failed run reads the same changes again), and only
      // from where this run started (a source changed meanwhile reset it, so the next run reads everything).
      if (changes) {
        await scope.db.query(
          `update userflow_models set changes_cursor = $3
           where company_id = $1 and id = $2 and changes_cursor is not distinct from $4`,
          [scope.companyId, modelId, changes.cursor, since],
        );
      }
    } finally {
      matched = writer.matched;
      await writer.close();
      await connector.close().catch(() => undefined);
    }
  } catch (error) {
    failure = userflowFailure(scope, error, 'scoring');
  }
  const error = failure
    ? { code: failure.code, message: USERFLOW_ERRORS[failure.code], detail: failure.detail?.slice(0, 300) ?? null }
    : null;
  await scope.db.query(
    `update userflow_runs set status = $4, version = coalesce($5, version), rows = $6, matched = $7, duration_ms = $8,
       error = $9::jsonb, cleared = $10, incremental = $11, finished_at = now()
     where company_id = $1 and model_id = $2 and id = $3`,
    [
      scope.companyId,
      modelId,
      id,
      error ? 'failed' : 'finished',
      version,
      rows,
      matched,
      Date.now() - started,
      JSON.stringify(error),
      error ? 0 : cleared,
      incremental,
    ],
  );
  // The model keeps its status (a paused model scored by hand stays paused); the event says the run ended.
  const { rows: current } = await scope.db.query<{ status: ModelStatus }>(
    'select status from userflow_models where company_id = $1 and id = $2',
    [scope.companyId, modelId],
  );
  scope.realtime.toCompany(scope.companyId, 'userflow.model', {
    modelId,
    status: current[0]?.status ?? 'ready',
    stage: null,
    percent: null,
    error: failure ? { code: failure.code, detail: failure.detail } : null,
  });
  return getRun(scope, id);
}
