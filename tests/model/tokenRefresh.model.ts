import type { OutputFrom } from 'xstate';
import type * as tokenRefreshActors from '../../src/machines/tokenRefresh/tokenRefresh.actors.ts';
import {
  tokenRefreshMachine,
  type RefreshOutcome,
  type TokenRefreshInput,
} from '../../src/machines/tokenRefresh/tokenRefresh.machine.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';
import { NOW, storedSession } from './session.model.ts';

export const tokenRefreshInputs = {
  fresh: { session: storedSession(new Date(NOW + 3_600_000).toISOString()), now: NOW },
  stale: { session: storedSession(new Date(NOW - 60_000).toISOString()), now: NOW },
} satisfies Record<string, TokenRefreshInput>;

export const tokenRefreshOutputFixtures = {
  refreshToken: {
    refreshed: { kind: 'refreshed', session: storedSession(new Date(NOW + 7_200_000).toISOString()) },
    rejected: { kind: 'rejected' },
  } satisfies { [K in RefreshOutcome['kind']]: Extract<RefreshOutcome, { kind: K }> },
} satisfies { [K in keyof typeof tokenRefreshActors]: Record<string, OutputFrom<(typeof tokenRefreshActors)[K]>> };

const o = tokenRefreshOutputFixtures.refreshToken;

export const tokenRefreshModelEvents: ModelEvent[] = [
  done('refreshToken', o.refreshed, 'refreshed'),
  done('refreshToken', o.rejected, 'rejected'),
  failed('refreshToken'),
  after('refreshDue', 'tokenRefresh.valid'),
  after('refreshRetry', 'tokenRefresh.retrying'),
];

export const tokenRefreshModel: MachineModel<TokenRefreshInput> = {
  name: 'tokenRefresh',
  // Standalone there is no parent to tell; the session model covers the parent's side with token.* fixtures.
  machine: tokenRefreshMachine.provide({ actions: { tellValid: () => {}, tellRejected: () => {} } }),
  inputs: tokenRefreshInputs,
  events: tokenRefreshModelEvents,
  transient: ['tokenRefresh.checking'],
};
