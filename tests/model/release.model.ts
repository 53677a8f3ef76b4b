import type { OutputFrom } from 'xstate';
import type * as releaseActors from '../../src/machines/release/release.actors.ts';
import { releaseMachine, type ReleaseEvent, type ReleaseInput } from '../../src/machines/release/release.machine.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';

export const RELEASE_NOW = Date.parse('2030-01-01T12:00:00Z');

export const releaseInputs = {
  fresh: { buildId: 'build-1', lastChunkReloadAt: 0 },
  justReloaded: { buildId: 'build-1', lastChunkReloadAt: RELEASE_NOW - 5_000 },
} satisfies Record<string, ReleaseInput>;

export const releaseEventFixtures = {
  'route.changed': [{ type: 'route.changed', href: '/contacts' }],
  'chunk.failed': [{ type: 'chunk.failed', at: RELEASE_NOW }],
} satisfies { [K in ReleaseEvent['type']]: Array<Extract<ReleaseEvent, { type: K }>> };

export const releaseOutputFixtures = {
  fetchManifest: { same: { buildId: 'build-1' }, newer: { buildId: 'build-2' } },
  releaseEvents: {},
} satisfies { [K in keyof typeof releaseActors]: Record<string, OutputFrom<(typeof releaseActors)[K]>> };

const o = releaseOutputFixtures.fetchManifest;

export const releaseModel: MachineModel<ReleaseInput> = {
  name: 'release',
  machine: releaseMachine,
  inputs: releaseInputs,
  events: [
    ...Object.values(releaseEventFixtures).flat(),
    after('checkInterval', 'release.current'),
    done('fetchManifest', o.same, 'same'),
    done('fetchManifest', o.newer, 'newer'),
    failed('fetchManifest'),
  ] as ModelEvent[],
};
