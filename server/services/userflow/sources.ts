/**
 * The wizard's checks of a model's data source (issue 24 §1 step-1 and step-2), for any source kind through the one
 * connector interface: test the connection, read the schema with detected types, preview the first rows, and count
 * how many rows of a sample match a contact. A connector's failure answers the named UserFlow error (422, or an
 * outcome for the test), never a 500 or a hang: every check is cut at USERFLOW_LIMITS.peerTimeoutMs.
 */
import type { components } from '../../../shared/contract/schema.d.ts';
import { USERFLOW_ERRORS, USERFLOW_LIMITS, type UserflowErrorCode } from '../../../shared/userflow.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Scope } from '../scope.ts';
import { openConnector, type SourceSettings } from './connectors/index.ts';
import { ConnectorError, type Connector, type SourceRow } from './connectors/types.ts';
import { cellText, detectType } from './connectors/values.ts';
import { openSecrets } from './models.ts';

type Schemas = components['schemas'];
type Identity = Schemas['UserflowIdentity'];

/** The error object the contract's UserflowError describes. */
export function errorOf(error: ConnectorError): Schemas['UserflowError'] {
  return { code: error.code, message: USERFLOW_ERRORS[error.code], detail: error.detail?.slice(0, 300) ?? null };
}

/** 422 with the connector's code and text; what the peer said goes under `errors.source`. */
export function connectorHttpError(error: ConnectorError): HttpError {
  return new HttpError(
    422,
    error.code,
    USERFLOW_ERRORS[error.code],
    error.detail ? { source: [error.detail] } : undefined,
  );
}

interface StoredSource {
  settings: SourceSettings | null;
  identity: Identity | null;
}

/** The model's source with its secrets opened (404 for a model the caller's company does not have). */
export async function loadSource(scope: Scope, modelId: number): Promise<StoredSource> {
  const { rows } = await scope.db.query<{
    source: { kind: SourceSettings['kind']; config: Record<string, unknown> } | null;
    sealed: string | null;
    identity: Identity | null;
  }>('select source, source_secrets as sealed, identity from userflow_models where company_id = $1 and id = $2', [
    scope.companyId,
    modelId,
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  const settings = row.source ? { ...row.source, secrets: openSecrets(scope, row.sealed) } : null;
  return { settings, identity: row.identity };
}

/** Any failure as a ConnectorError: an unexpected one is logged and answered as `internal`, never a 500. */
function asConnectorError(scope: Scope, error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  scope.log.error({ err: error }, 'userflow source check failed');
  return new ConnectorError('internal');
}

/**
 * Opens the model's connector, runs `work` on it within the peer time-out (its signal aborts the read) and closes
 * it. Throws a ConnectorError for any failure.
 */
async function withConnector<T>(
  scope: Scope,
  settings: SourceSettings | null,
  modelId: number,
  work: (connector: Connector, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ConnectorError('peer_timeout'));
    }, USERFLOW_LIMITS.peerTimeoutMs);
  });
  let connector: Connector | null = null;
  const run = async () => {
    connector = await openConnector(scope, modelId, settings);
    return work(connector, controller.signal);
  };
  try {
    return await Promise.race([run(), timeout]);
  } catch (error) {
    throw asConnectorError(scope, error);
  } finally {
    clearTimeout(timer);
    await (connector as Connector | null)?.close().catch(() => undefined);
  }
}

/** Up to `limit` rows of the source. */
async function readSample(connector: Connector, limit: number, signal: AbortSignal): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const page of connector.rows({ limit, signal })) {
    rows.push(...page.slice(0, limit - rows.length));
    if (rows.length >= limit) break;
  }
  return rows;
}

/** Checks the source answers and reads its first page: a failure is an outcome the wizard shows, not an error. */
export async function testSource(scope: Scope, modelId: number): Promise<Schemas['UserflowSourceTest']> {
  const { settings } = await loadSource(scope, modelId);
  try {
    const rows = await withConnector(scope, settings, modelId, async (connector, signal) => {
      await connector.test();
      return (await readSample(connector, USERFLOW_LIMITS.pageRows, signal)).length;
    });
    return { ok: true, rows, error: null };
  } catch (error) {
    return { ok: false, rows: 0, error: errorOf(error as ConnectorError) };
  }
}

const EMAIL_NAME = /^(e[-_ ]?mail|email[-_ ]?address|mail)$/i;
const ID_NAME = /(^|[-_ ])(id|user[-_ ]?id|customer[-_ ]?id|external[-_ ]?id|client[-_ ]?id)$/i;

/** The columns with their detected types, a few sample values and the share of empty cells, plus the wizard's guesses. */
export async function sourceSchema(scope: Scope, modelId: number): Promise<Schemas['UserflowSourceSchema']> {
  const { settings } = await loadSource(scope, modelId);
  try {
    return await withConnector(scope, settings, modelId, async (connector, signal) => {
      const names = await connector.columns();
      const rows = await readSample(connector, USERFLOW_LIMITS.sampleRows, signal);
      const columns = names.map((name) => {
        const values = rows.map((row) => row[name]);
        const texts = values.map(cellText);
        const sample = [...new Set(texts.filter((t): t is string => t !== null))]
          .slice(0, 3)
          .map((t) => t.slice(0, 200));
        const empty = texts.filter((t) => t === null).length;
        return { name, type: detectType(values), sample, nulls: rows.length ? empty / rows.length : 0 };
      });
      const looksLikeEmail = (name: string) => {
        const texts = rows.map((row) => cellText(row[name])).filter((t): t is string => t !== null);
        return texts.length > 0 && texts.filter((t) => t.includes('@')).length / texts.length >= 0.8;
      };
      const emailColumn = names.find((n) => EMAIL_NAME.test(n)) ?? names.find(looksLikeEmail) ?? null;
      const idColumn = emailColumn ? null : (names.find((n) => ID_NAME.test(n)) ?? null);
      return {
        columns,
        sampleRows: rows.length,
        suggested: {
          identityColumn: emailColumn ?? idColumn,
          matchKind: emailColumn || !idColumn ? 'email' : 'attribute',
          timeColumn: columns.find((c) => c.type === 'date')?.name ?? null,
        },
      };
    });
  } catch (error) {
    throw connectorHttpError(error as ConnectorError);
  }
}

/** The first USERFLOW_LIMITS.previewRows rows, as arrays in the columns' order. */
export async function previewSource(scope: Scope, modelId: number): Promise<Schemas['UserflowSourcePreview']> {
  const { settings } = await loadSource(scope, modelId);
  try {
    return await withConnector(scope, settings, modelId, async (connector, signal) => {
      const columns = await connector.columns();
      const rows = await readSample(connector, USERFLOW_LIMITS.previewRows, signal);
      return { columns, rows: rows.map((row) => columns.map((name) => row[name] ?? null)) };
    });
  } catch (error) {
    throw connectorHttpError(error as ConnectorError);
  }
}

/**
 * How many rows of a sample match a contact through the saved identity: by email (case-insensitive, as contacts'
 * emails compare) or by the value of a contact attribute (an external id). Anonymised contacts never match.
 */
export async function matchRate(scope: Scope, modelId: number): Promise<Schemas['UserflowMatchRate']> {
  const { settings, identity } = await loadSource(scope, modelId);
  const fail = (code: UserflowErrorCode) => connectorHttpError(new ConnectorError(code));
  if (!identity) throw fail('identity_missing');
  if (identity.matchKind === 'attribute') {
    const found = await scope.db.query('select 1 from contact_attributes where company_id = $1 and id = $2', [
      scope.companyId,
      identity.attributeId ?? 0,
    ]);
    if (!found.rowCount) throw fail('identity_missing');
  }
  let values: string[];
  let sampleRows: number;
  try {
    ({ values, sampleRows } = await withConnector(scope, settings, modelId, async (connector, signal) => {
      if (!(await connector.columns()).includes(identity.column)) throw new ConnectorError('column_missing');
      const rows = await readSample(connector, USERFLOW_LIMITS.sampleRows, signal);
      const texts = rows.map((row) => cellText(row[identity.column])).filter((t): t is string => t !== null);
      return { values: texts, sampleRows: rows.length };
    }));
  } catch (error) {
    throw connectorHttpError(error as ConnectorError);
  }
  // One statement per sample: the rows' values (with repeats, each row counts) against the company's contacts.
  const sql =
    identity.matchKind === 'email'
      ? `select count(*)::int as matched from unnest($2::text[]) v
         where exists (select 1 from contacts c where c.company_id = $1 and c.email = v::citext
                       and c.anonymised_at is null)`
      : `select count(*)::int as matched from unnest($2::text[]) v
         where v in (select c.attributes ->> $3 from contacts c
                     where c.company_id = $1 and c.attributes ? $3 and c.anonymised_at is null)`;
  const params: unknown[] = [scope.companyId, values];
  if (identity.matchKind === 'attribute') params.push(String(identity.attributeId));
  const { rows } = await scope.db.query<{ matched: number }>(sql, params);
  const matched = rows[0]?.matched ?? 0;
  return { sampleRows, withIdentity: values.length, matched, rate: sampleRows ? matched / sampleRows : 0 };
}
