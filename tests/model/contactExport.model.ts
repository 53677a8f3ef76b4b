import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type * as contactExportActors from '../../src/machines/contactExport/contactExport.actors.ts';
import {
  contactExportMachine,
  type ContactExportEvent,
} from '../../src/machines/contactExport/contactExport.machine.ts';
import type { ContactExport } from '../../src/machines/contactsTable/contacts.types.ts';
import { MAX_READ_FAILURES } from '../../src/machines/readFailures.ts';
import { after, done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

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
  'export.ended': [{ type: 'export.ended' }],
  'watch.retry': [{ type: 'watch.retry' }],
  'export.dismiss': [{ type: 'export.dismiss' }],
} satisfies { [K in ContactExportEvent['type']]: Array<Extract<ContactExportEvent, { type: K }>> };

export const contactExportOutputFixtures = {
  startExport: { queued: exported() },
  readExport: {
    running: exported({ status: 'running', rowsTotal: 100, rowsDone: 60 }),
    finished: exported({
      status: 'finished',
      rowsTotal: 100,
      rowsDone: 100,
      downloadUrl: '/api/contact-exports/12/file?token=abcdefghijkl',
      finishedAt: '2025-01-01T10:01:00.000Z',
    }),
    failed: exported({
      status: 'failed',
      rowsTotal: 100,
      rowsDone: 40,
      error: 'disk full',
      finishedAt: '2025-01-01T10:01:00.000Z',
    }),
  } satisfies Record<Exclude<ContactExport['status'], 'queued'>, ContactExport>,
  // watchExport reports through `export.progressed` / `export.ended` events, not an output.
  watchExport: {},
} satisfies {
  [K in keyof typeof contactExportActors as K extends 'EXPORT_POLL_MS' ? never : K]: Record<
    string,
    OutputFrom<(typeof contactExportActors)[K]>
  >;
};

const o = contactExportOutputFixtures;
const e = contactExportEventFixtures;
const poll = after('exportPoll', 'contactExport.running.waiting');
const readFailed = failed('readExport');

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactExportMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const eventOf = <T extends ContactExportEvent['type']>(via: Via, type: T) =>
  via?.event.type === type ? (via.event as unknown as Extract<ContactExportEvent, { type: T }>) : null;
const readOf = (via: Via) =>
  via?.event.type === 'xstate.done.actor.readExport'
    ? (via.event as unknown as { output: ContactExport }).output
    : null;
const canStartAgain = (s: Snapshot) =>
  assert.ok(s.can(e['export.start'][0]!) && s.can(e['export.dismiss'][0]!), 'start again or dismiss');

const invariants: Record<string, Invariant> = {
  contactExport: state((s) => {
    assert.equal(
      s.hasTag('busy'),
      s.matches('starting') || s.matches('running'),
      'busy exactly while starting or running',
    );
    assert.equal(s.hasTag('error'), s.matches('failed') || s.matches('watchFailed'));
    if (!s.matches('failed') && !s.matches('idle') && !s.matches('watchFailed'))
      assert.equal(s.context.error, null, 'an error only where it is shown (or dismissed)');
    if (!s.matches('running') && !s.matches('watchFailed'))
      assert.equal(s.context.readFailures, 0, 'failed reads count only while following');
  }),
  'contactExport.idle': state((s) => {
    assert.ok(s.can(e['export.start'][0]!));
    assert.ok(!s.can(e['export.ended'][0]!) && !s.can(e['export.progressed'][0]!), 'nothing to follow while idle');
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
    assert.ok(s.context.readFailures < MAX_READ_FAILURES, 'an export read too often in vain is no longer followed');
    const progressed = eventOf(via, 'export.progressed');
    const read = readOf(via);
    if (via?.event.type === 'xstate.done.actor.startExport') {
      const started = (via.event as unknown as { output: ContactExport }).output;
      assert.deepEqual(s.context.result, started);
      assert.deepEqual(s.context.progress, { done: started.rowsDone, total: started.rowsTotal });
      assert.equal(s.context.readFailures, 0);
    } else if (progressed) {
      assert.deepEqual(s.context.progress, { done: progressed.done, total: progressed.total });
      assert.deepEqual(s.context.result, via!.from.context.result, 'progress leaves the export as it was');
    } else if (read) {
      assert.deepEqual(s.context.result, read, 'a read replaces the export');
      assert.deepEqual(s.context.progress, { done: read.rowsDone, total: read.rowsTotal });
      assert.equal(s.context.readFailures, 0, 'a read resets the count');
    } else if (via?.event.type === 'xstate.error.actor.readExport')
      assert.equal(s.context.readFailures, via.from.context.readFailures + 1, 'a failed read is counted');
    else if (via?.event.type === 'watch.retry') assert.equal(s.context.readFailures, 0, 'followed again afresh');
    assert.ok(
      !s.can(e['export.start'][1]!) && !s.can(e['export.dismiss'][0]!),
      'a running export is not replaced or dismissed',
    );
  }),
  'contactExport.running.reading': state((s, via) => {
    if (via?.from.matches({ running: 'waiting' }))
      assert.ok(
        via.event.type === 'export.ended' || via.event.type === poll.type,
        'read again when realtime says it ended, or at the poll',
      );
  }),
  'contactExport.watchFailed': state((s, via) => {
    assert.equal(s.context.error, 'watchFailed');
    assert.equal(s.context.readFailures, MAX_READ_FAILURES, 'after that many failed reads in a row');
    assert.ok(s.can(e['watch.retry'][0]!), 'the export can be followed again');
    canStartAgain(s);
    if (via) assert.equal(via.event.type, 'xstate.error.actor.readExport');
  }),
  'contactExport.ready': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.equal(s.context.result?.status, 'finished');
    assert.ok(s.context.result?.downloadUrl, 'a finished export has its link');
    assert.deepEqual(s.context.result, readOf(via), 'the link the read answered');
    canStartAgain(s);
  }),
  'contactExport.failed': state((s, via) => {
    const read = readOf(via);
    if (read) {
      assert.equal(s.context.error, 'runFailed');
      assert.deepEqual(s.context.result, read);
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
    done('readExport', o.readExport.running, 'running'),
    done('readExport', o.readExport.finished, 'finished'),
    done('readExport', o.readExport.failed, 'failed'),
    readFailed,
    poll,
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = (s as Snapshot).context;
    return JSON.stringify({
      value: s.value,
      error: c.error,
      selection: c.selection ? Object.keys(c.selection) : null,
      progressed: c.progress.done > 0,
      readFailures: c.readFailures,
    });
  },
  invariants,
  journeys: [
    {
      name: 'progress twice, read, finish, export another selection that fails, dismiss',
      input: 'none',
      events: [
        e['export.start'][0]!,
        done('startExport', o.startExport.queued, 'queued'),
        done('readExport', o.readExport.running, 'running'),
        e['export.progressed'][0]!,
        e['export.progressed'][0]!,
        e['export.ended'][0]!,
        done('readExport', o.readExport.finished, 'finished'),
        e['export.start'][1]!,
        done('startExport', o.startExport.queued, 'queued'),
        readFailed,
        poll,
        done('readExport', o.readExport.failed, 'failed'),
        e['export.dismiss'][0]!,
      ] as ModelEvent[],
    },
    {
      name: 'reads fail in a row until the export is no longer followed; retry follows it to the link',
      input: 'none',
      events: [
        e['export.start'][0]!,
        done('startExport', o.startExport.queued, 'queued'),
        ...Array.from({ length: MAX_READ_FAILURES - 1 }, () => [readFailed, poll]).flat(),
        readFailed,
        e['watch.retry'][0]!,
        done('readExport', o.readExport.finished, 'finished'),
      ] as ModelEvent[],
    },
  ],
};
