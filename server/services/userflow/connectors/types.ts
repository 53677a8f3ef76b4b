/**
 * The one interface every UserFlow data source implements (issue 24 §2): test the connection, name the columns, read
 * rows in pages, and, where the source allows, read what changed since a cursor. Training, scoring, the wizard's
 * schema/preview/match-rate checks and realtime runs only ever talk to this interface (`openConnector` in index.ts),
 * never to a source kind directly.
 */
import type { Scope } from '../../scope.ts';
import type { SourceKind, UserflowErrorCode } from '../../../../shared/userflow.ts';
import { USERFLOW_ERRORS } from '../../../../shared/userflow.ts';

/** A cell as connectors hand it over: dates as ISO strings, everything else as the source typed it. */
export type SourceValue = string | number | boolean | null;
export type SourceRow = Record<string, SourceValue>;

export interface ReadOptions {
  /** Stop after this many rows (the preview reads 20, a schema check a sample, training up to its cap). */
  limit?: number;
  /** Aborts the read between pages (a cancelled run, a worker shutting down). */
  signal?: AbortSignal;
}

export interface ChangedRows {
  rows: SourceRow[];
  /** Pass back on the next call; null when the source cannot say what changed (a realtime run then re-reads all). */
  cursor: string | null;
}

export interface Connector {
  /** Checks the peer answers with these settings and credentials, reading as little as it can. */
  test(): Promise<void>;
  /** The columns in the source's order. */
  columns(): Promise<string[]>;
  /** Every row (up to `limit`), in pages of at most USERFLOW_LIMITS.pageRows. */
  rows(options?: ReadOptions): AsyncIterable<SourceRow[]>;
  /** Rows added or changed since `cursor` (null: from now on). Absent where the source cannot tell. */
  changesSince?(cursor: string | null, options?: ReadOptions): Promise<ChangedRows>;
  /** Releases connections; safe to call twice. */
  close(): Promise<void>;
}

/** A connector's failure in words a person reads: the code names the text, `detail` is what the peer said, cut short. */
export class ConnectorError extends Error {
  constructor(
    readonly code: UserflowErrorCode,
    readonly detail: string | null = null,
  ) {
    super(USERFLOW_ERRORS[code]);
    this.name = 'ConnectorError';
  }
}

export interface SourceSettings {
  kind: SourceKind;
  /** The kind's config as stored (the contract's Userflow…Config of that kind). */
  config: Record<string, unknown>;
  /** The kind's secrets, opened with the server key (models.ts `openSecrets`). */
  secrets: Record<string, string>;
}

export type ConnectorOpener = (scope: Scope, modelId: number, settings: SourceSettings) => Promise<Connector>;
