/**
 * Opens the connector of a model's source (issue 24 §2). Each kind's implementation lives in its own file of this
 * folder and is registered in OPENERS; a kind without one fails with `source_invalid` in words, never a 500.
 */
import type { Scope } from '../../scope.ts';
import type { SourceKind } from '../../../../shared/userflow.ts';
import { ConnectorError, type Connector, type ConnectorOpener, type SourceSettings } from './types.ts';
export type { ConnectorOpener, SourceSettings } from './types.ts';
import { openFile } from './file.ts';
import { openGa4 } from './ga4.ts';
import { openMysql } from './mysql.ts';
import { openPostgres } from './postgres.ts';
import { openBrevo, openHubspot, openMatomo, openPlausible } from './providers.ts';
import { openRest } from './rest.ts';
import { openTracker } from './tracker.ts';

const OPENERS: Partial<Record<SourceKind, ConnectorOpener>> = {
  file: openFile,
  postgres: openPostgres,
  mysql: openMysql,
  rest: openRest,
  userflow: openTracker,
  hubspot: openHubspot,
  plausible: openPlausible,
  matomo: openMatomo,
  brevo: openBrevo,
  ga4: openGa4,
};

export async function openConnector(
  scope: Scope,
  modelId: number,
  settings: SourceSettings | null,
): Promise<Connector> {
  if (!settings) throw new ConnectorError('source_missing');
  const open = OPENERS[settings.kind];
  if (!open) throw new ConnectorError('source_invalid', `The ${settings.kind} source is not available yet.`);
  return open(scope, modelId, settings);
}

/**
 * Whether a realtime model on this source scores only what changed: a PostgreSQL or MySQL source that names a changes
 * column, or a REST source that names a "since" query parameter. Every other source is re-read in full at each poll.
 */
export function readsChanges(settings: SourceSettings | null): boolean {
  if (settings?.kind === 'postgres' || settings?.kind === 'mysql') {
    return typeof settings.config.changesColumn === 'string';
  }
  return settings?.kind === 'rest' && typeof settings.config.sinceParam === 'string';
}
