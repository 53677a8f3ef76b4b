import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type * as contactExportActors from '../../src/machines/contactExport/contactExport.actors.ts';
import {
  contactExportMachine,
  type ContactExportEvent,
} from '../../src/machines/contactExport/contactExport.machine.ts';
import type { ContactExport } from '../../src/machines/contactsTable/contacts.types.ts';
import { done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

const exported = (patch: Partial<ContactExport> = {}): ContactExport => ({
  id: 12,
  status: 'queued',
  rowsTotal: null,
  rowsDone: 0,
  error: null,
  downloadUrl: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  finishedAt: null,
  ...patch,
});

export const contactExportEventFixtures = {
  'export.start': [
    { type: 'export.start', selection: { ids: [1, 2] } },
    { type: 'export.start', selection: { filter: { listId: 3 }, excludeIds: [2] } },
  ],
  'export.progressed': [{ type: 'export.progressed', done: 40, total: 100 }],
  'export.completed': [
    {
      type: 'export.completed',
      result: exported({
        status: 'finished',
        rowsTotal: 100,
        rowsDone: 100,
        downloadUrl: '/api/contact-exports/12/file?token=abcdefghijkl',
        finishedAt: '2025-01-01T10:01:00.000Z',
      }),
    },
    {
      type: 'export.completed',
      result: exported({
        status: 'failed',
        rowsTotal: 100,
        rowsDone: 40,
        error: 'disk full',
        finishedAt: '2025-01-01T10:01:00.000Z',
      }),
    },
  ],
  'export.dismiss': [{ type: 'export.dismiss' }],
} satisfies { [K in ContactExportEvent['type']]: Array<Extract<ContactExportEvent, { type: K }>> };

export const contactExportOutputFixtures = {
  startExport: { queued: exported() },
  // watchExport reports through `export.progressed` / `export.completed` events, not an output.
  watchExport: {},
} satisfies {
  [K in keyof typeof contactExportActors as K extends 'EXPORT_POLL_MS' ? never : K]: Record<
    string,
    OutputFrom<(typeof contactExportActors)[K]>
  >;
};

const o = contactExportOutputFixtures;
const e = contactExportEventFixtures;

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactExportMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const eventOf = <T extends ContactExportEvent['type']>(via: Via, type: T) =>
  via?.event.type === type ? (via.event as unknown as Extract<ContactExportEvent, { type: T }>) : null;
const canStartAgain = (s: Snapshot) =>
  assert.ok(s.can(e['export.start'][0]!) && s.can(e['export.dismiss'][0]!), 'start again or dismiss');

const invariants: Record<string, Invariant> = {
  contactExport: state((s) => {
    assert.equal(
      s.hasTag('busy'),
      s.matches('starting') || s.matches('running'),
      'busy exactly while starting or running',
    );
    assert.equal(s.hasTag('error'), s.matches('failed'));
    if (!s.matches('failed') && !s.matches('idle'))
      assert.equal(s.context.error, null, 'an error only where it is shown (or dismissed)');
  }),
  'contactExport.idle': state((s) => {
    assert.ok(s.can(e['export.start'][0]!));
    assert.ok(!s.can(e['export.completed'][0]!) && !s.can(e['export.progressed'][0]!), 'nothing to follow while idle');
  }),
  'contactExport.starting': state((s, via) => {
    const start = eventOf(via, 'export.start')!;
    assert.deepEqual(s.context.selection, start.selection, 'exports the selection it was given');
    assert.deepEqual(s.context.progress, { done: 0, total: null });
    assert.equal(s.context.result, null, 'a previous result is forgotten');
    assert.equal(s.context.error, null, 'a previous error is forgotten');
    assert.ok(!s.can(e['export.start'][1]!), 'one export at a time');
  }),
  'contactExport.running': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.ok(s.context.result, 'follows a started export');
    const progressed = eventOf(via, 'export.progressed');
    if (via?.event.type === 'xstate.done.actor.startExport') {
      const started = (via.event as unknown as { output: ContactExport }).output;
      assert.deepEqual(s.context.result, started);
      assert.deepEqual(s.context.progress, { done: started.rowsDone, total: started.rowsTotal });
    } else if (progressed) {
      assert.deepEqual(s.context.progress, { done: progressed.done, total: progressed.total });
      assert.deepEqual(s.context.result, via!.from.context.result, 'progress leaves the export as it was');
    }
    assert.ok(
      !s.can(e['export.start'][1]!) && !s.can(e['export.dismiss'][0]!),
      'a running export is not replaced or dismissed',
    );
  }),
  'contactExport.ready': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.equal(s.context.result?.status, 'finished');
    assert.ok(s.context.result?.downloadUrl, 'a finished export has its link');
    assert.deepEqual(s.context.result, eventOf(via, 'export.completed')!.result);
    canStartAgain(s);
  }),
  'contactExport.failed': state((s, via) => {
    const completed = eventOf(via, 'export.completed');
    if (completed) {
      assert.equal(s.context.error, 'runFailed');
      assert.deepEqual(s.context.result, completed.result);
    } else {
      assert.equal(via?.event.type, 'xstate.error.actor.startExport');
      assert.equal(s.context.error, 'startFailed');
      assert.equal(s.context.result, null);
    }
    canStartAgain(s);
  }),
};

export const contactExportModel: MachineModel<undefined> = {
  name: 'contactExport',
  machine: contactExportMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(e).flat(),
    done('startExport', o.startExport.queued, 'queued'),
    failed('startExport'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = (s as Snapshot).context;
    return JSON.stringify({
      value: s.value,
      error: c.error,
      selection: c.selection ? Object.keys(c.selection) : null,
      progressed: c.progress.done > 0,
    });
  },
  invariants,
  journeys: [
    {
      name: 'progress twice, finish, export another selection, dismiss',
      input: 'none',
      events: [
        e['export.start'][0]!,
        done('startExport', o.startExport.queued, 'queued'),
        e['export.progressed'][0]!,
        e['export.progressed'][0]!,
        e['export.completed'][0]!,
        e['export.start'][1]!,
        done('startExport', o.startExport.queued, 'queued'),
        e['export.completed'][1]!,
        e['export.dismiss'][0]!,
      ] as ModelEvent[],
    },
  ],
};
