/**
 * A model's predictions (issue 24 §4), read from the contact attribute scoring writes: the spread of scores, the
 * contacts with the highest scores, a segment of "score above X", and the scores as CSV files of
 * USERFLOW_LIMITS.predictionFileRows rows each (spec §9) through signed links.
 */
import type { components } from '../../../shared/contract/schema.d.ts';
import { USERFLOW_LIMITS } from '../../../shared/userflow.ts';
import { notFound } from '../../http/errors.ts';
import { csvRows } from '../contacts/csv.ts';
import { signDownload, verifyDownload } from '../contacts/downloads.ts';
import { createSegment } from '../contacts/segments/segments.ts';
import type { Scope } from '../scope.ts';

type Schemas = components['schemas'];

/** The attribute id (as the contacts' attributes key it) of a model of the caller's company; 404 for any other. */
async function attributeOf(scope: Scope, modelId: number): Promise<string | null> {
  const { rows } = await scope.db.query<{ attributeId: string | null }>(
    `select m.attribute_id::text as "attributeId" from userflow_models m where m.company_id = $1 and m.id = $2`,
    [scope.companyId, modelId],
  );
  if (!rows[0]) throw notFound();
  return rows[0].attributeId;
}

/** Scored contacts: those holding a number under the model's attribute (anonymised ones excluded). */
const SCORED = `from contacts c where c.company_id = $1 and c.anonymised_at is null
  and jsonb_typeof(c.attributes -> $2::text) = 'number'`;
const SCORE = `(c.attributes ->> $2::text)::float8`;

export async function scoreHistogram(scope: Scope, modelId: number): Promise<Schemas['UserflowScoreHistogram']> {
  const bins = USERFLOW_LIMITS.histogramBins;
  const attribute = await attributeOf(scope, modelId);
  const empty = { scored: 0, min: null, max: null, bins: [] };
  if (attribute === null) return empty;
  const range = await scope.db.query<{ scored: number; min: number | null; max: number | null }>(
    `select count(*)::int as scored, min(${SCORE}) as min, max(${SCORE}) as max ${SCORED}`,
    [scope.companyId, attribute],
  );
  const { scored, min, max } = range.rows[0]!;
  if (!scored || min === null || max === null) return empty;
  const width = max > min ? (max - min) / bins : 1;
  const counts = await scope.db.query<{ bin: number; count: number }>(
    `select least(floor((${SCORE} - $3) / $4)::int, $5 - 1) as bin, count(*)::int as count ${SCORED} group by 1`,
    [scope.companyId, attribute, min, width, bins],
  );
  const byBin = new Map(counts.rows.map((row) => [row.bin, row.count]));
  return {
    scored,
    min,
    max,
    bins: Array.from({ length: bins }, (_, k) => ({
      from: min + k * width,
      to: min + (k + 1) * width,
      count: byBin.get(k) ?? 0,
    })),
  };
}

export async function topContacts(
  scope: Scope,
  modelId: number,
  page: number,
  perPage: number,
): Promise<{ items: Schemas['UserflowScoredContact'][]; total: number }> {
  const attribute = await attributeOf(scope, modelId);
  if (attribute === null) return { items: [], total: 0 };
  const { rows } = await scope.db.query<Schemas['UserflowScoredContact'] & { total: number }>(
    `select c.id::int as "contactId", c.email::text as email, c.first_name as "firstName", c.last_name as "lastName",
       ${SCORE} as score, count(*) over ()::int as total ${SCORED}
     order by ${SCORE} desc, c.id limit $3 offset $4`,
    [scope.companyId, attribute, perPage, (page - 1) * perPage],
  );
  return { items: rows.map(({ total: _total, ...contact }) => contact), total: rows[0]?.total ?? 0 };
}

/** A segment of the contacts whose score is above the threshold: one condition on the model's attribute. */
export async function scoreSegment(scope: Scope, modelId: number, input: Schemas['UserflowSegmentInput']) {
  const attribute = await attributeOf(scope, modelId);
  if (attribute === null) throw notFound('The model has not scored any contact yet.');
  return createSegment(scope, {
    name: input.name,
    conditions: {
      kind: 'group',
      operator: 'and',
      conditions: [
        { kind: 'attribute', attributeId: Number(attribute), operator: 'greaterThan', value: input.threshold },
      ],
    },
  });
}

/** The signed file of one part: the link names the model and the part, so a token opens that file only. */
const fileId = (modelId: number, part: number) => modelId * 10_000 + part;

export async function predictionFiles(scope: Scope, modelId: number): Promise<Schemas['UserflowPredictionFile'][]> {
  const attribute = await attributeOf(scope, modelId);
  if (attribute === null) return [];
  const { rows } = await scope.db.query<{ scored: number }>(`select count(*)::int as scored ${SCORED}`, [
    scope.companyId,
    attribute,
  ]);
  const size = USERFLOW_LIMITS.predictionFileRows;
  const scored = rows[0]!.scored;
  return Array.from({ length: Math.ceil(scored / size) }, (_, k) => {
    const part = k + 1;
    const token = signDownload(scope.config.secret, 'userflow-predictions', scope.companyId, fileId(modelId, part));
    return {
      part,
      rows: Math.min(size, scored - k * size),
      url: `/api/userflow/models/${modelId}/predictions/files/${part}?token=${encodeURIComponent(token)}`,
    };
  });
}

/** The company a download token was signed for (403 forged or another file's, 410 expired). */
export function verifyPredictionLink(secret: string, modelId: number, part: number, token: string): string {
  return verifyDownload(secret, 'userflow-predictions', fileId(modelId, part), token);
}

/** One part as CSV (contact id, email, score), highest scores first; chunks of rows as they are read. */
export async function* predictionCsv(scope: Scope, modelId: number, part: number): AsyncGenerator<string> {
  const attribute = await attributeOf(scope, modelId);
  if (attribute === null) throw notFound();
  const size = USERFLOW_LIMITS.predictionFileRows;
  const chunk = 1_000;
  yield csvRows([['contact_id', 'email', 'score']]);
  for (let offset = (part - 1) * size; offset < part * size; offset += chunk) {
    const { rows } = await scope.db.query<{ id: number; email: string | null; score: number }>(
      `select c.id::int as id, c.email::text as email, ${SCORE} as score ${SCORED}
       order by ${SCORE} desc, c.id limit $3 offset $4`,
      [scope.companyId, attribute, Math.min(chunk, part * size - offset), offset],
    );
    if (!rows.length) return;
    yield csvRows(rows.map((row) => [row.id, row.email, row.score]));
    if (rows.length < chunk) return;
  }
}
