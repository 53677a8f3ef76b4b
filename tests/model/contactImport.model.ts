import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type * as contactImportActors from '../../src/machines/contactImport/contactImport.actors.ts';
import {
  contactImportMachine,
  MAX_READ_FAILURES,
  type ContactImportEvent,
  type DeleteOutcome,
  type StartOutcome,
  type UploadOutcome,
} from '../../src/machines/contactImport/contactImport.machine.ts';
import type { ContactAttribute, ContactImport } from '../../src/machines/contactsTable/contacts.types.ts';
import {
  after,
  done,
  failed,
  type Invariant,
  type Journey,
  type MachineModel,
  type ModelEvent,
  type Via,
} from './graph.ts';

/** Files serialise as `{}`; a name keeps the two fixtures apart in the graph. */
const named = (file: File): File => Object.assign(file, { toJSON: () => file.name });
const SUPPORTED = /\.(csv|xls|xlsx)$/i;
const csv = named(new File(['email,first name\nada@example.com,Ada\n'], 'contacts.csv', { type: 'text/csv' }));
const pdf = named(new File(['%PDF'], 'contacts.pdf', { type: 'application/pdf' }));
/** The limit the fixtures load, and a CSV one byte over it. */
const LIMIT = 1024;
const big = named(new File([`email\n${'x'.repeat(LIMIT - 6 + 1)}`], 'big.csv', { type: 'text/csv' }));

const upload = (patch: Partial<ContactImport> = {}): ContactImport => ({
  id: 7,
  status: 'uploaded',
  fileName: 'contacts.csv',
  fileSize: 40,
  format: 'csv',
  encoding: 'utf-8',
  delimiter: ',',
  headers: ['email', 'first name'],
  preview: [['ada@example.com', 'Ada']],
  suggestedMapping: [{ target: 'email' }, { target: 'firstName' }],
  estimatedRows: 1,
  mapping: null,
  listIds: [],
  updateExisting: true,
  blocklist: false,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 0,
  error: null,
  errorReportUrl: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

export const contactImportEventFixtures = {
  'options.retry': [{ type: 'options.retry' }],
  'file.choose': [
    { type: 'file.choose', file: csv },
    { type: 'file.choose', file: pdf },
    { type: 'file.choose', file: big },
  ],
  'file.reset': [{ type: 'file.reset' }],
  'mapping.change': [{ type: 'mapping.change', column: 1, target: { target: 'skip' } }],
  'lists.change': [{ type: 'lists.change', listIds: [3] }],
  'options.change': [{ type: 'options.change', updateExisting: false, blocklist: true }],
  'import.start': [{ type: 'import.start' }],
  'import.progressed': [{ type: 'import.progressed', processed: 1, total: 2 }],
  'import.ended': [{ type: 'import.ended' }],
  'watch.retry': [{ type: 'watch.retry' }],
  'import.again': [{ type: 'import.again' }],
  'import.delete': [{ type: 'import.delete' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in ContactImportEvent['type']]: Array<Extract<ContactImportEvent, { type: K }>> };

export const contactImportOutputFixtures = {
  loadImportOptions: {
    loaded: {
      lists: [
        {
          id: 3,
          name: 'Newsletter',
          folderId: 1,
          memberCount: 0,
          createdAt: '2025-01-01T10:00:00.000Z',
          updatedAt: '2025-01-01T10:00:00.000Z',
        },
      ],
      attributes: [] as ContactAttribute[],
    },
  },
  loadImportLimits: {
    loaded: { maxFileBytes: LIMIT },
  },
  uploadFile: {
    uploaded: { kind: 'uploaded', upload: upload() },
    rejected: { kind: 'rejected', reason: 'tooLarge' },
  } satisfies { [K in UploadOutcome['kind']]: Extract<UploadOutcome, { kind: K }> },
  startImport: {
    started: { kind: 'started', upload: upload({ status: 'queued' }) },
    rejected: { kind: 'rejected', reason: 'listRequired' },
  } satisfies { [K in StartOutcome['kind']]: Extract<StartOutcome, { kind: K }> },
  readImport: {
    running: upload({ status: 'running', processed: 1, estimatedRows: 2 }),
    finished: upload({
      status: 'finished',
      processed: 2,
      created: 1,
      failed: 1,
      errorReportUrl: '/api/contact-imports/7/errors?token=abcdefghijkl',
    }),
    failed: upload({ status: 'failed', error: 'unreadable' }),
  },
  // watchImport reports through `import.progressed` / `import.ended` events, not an output.
  watchImport: {},
  deleteImport: {
    deleted: { kind: 'deleted' },
    rejected: { kind: 'rejected' },
  } satisfies { [K in DeleteOutcome['kind']]: Extract<DeleteOutcome, { kind: K }> },
} satisfies {
  [K in keyof typeof contactImportActors as K extends 'IMPORT_POLL_MS' ? never : K]: Record<
    string,
    OutputFrom<(typeof contactImportActors)[K]>
  >;
};

const o = contactImportOutputFixtures;
const e = contactImportEventFixtures;

/** A journey that reads the limit (or fails to) and the lists, then sends `events` on the file step. */
const onFileStep = (name: string, limit: ModelEvent, events: ModelEvent[]): Journey => ({
  name,
  input: 'none',
  events: [limit, done('loadImportOptions', o.loadImportOptions.loaded, 'loaded'), ...events],
});

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactImportMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const eventOf = <T extends ContactImportEvent['type']>(via: Via, type: T) =>
  via?.event.type === type ? (via.event as unknown as Extract<ContactImportEvent, { type: T }>) : null;
const within = (file: File, s: Snapshot) => s.context.maxFileBytes === null || file.size <= s.context.maxFileBytes;

const invariants: Record<string, Invariant> = {
  contactImport: state((s, via) => {
    const busy = ['loadingOptions', 'uploading', 'starting', 'running', 'deleting'].some((v) => s.matches(v as never));
    assert.equal(s.hasTag('busy'), busy, 'busy exactly while loading, uploading, starting, running or deleting');
    assert.equal(s.hasTag('error'), s.matches('optionsFailed') || s.matches('failed') || s.matches('watchFailed'));
    if (!s.matches('running') && !s.matches('watchFailed'))
      assert.equal(s.context.readFailures, 0, 'failed reads count only while following');
    if (via?.event.type === 'xstate.done.actor.loadImportLimits')
      assert.equal(s.context.maxFileBytes, LIMIT, 'the limit the server answered');
    else if (via)
      assert.equal(s.context.maxFileBytes, via.from.context.maxFileBytes, 'only the limits answer sets the limit');
  }),
  'contactImport.loadingOptions': state((s) =>
    assert.ok(!s.can(e['file.choose'][0]!), 'no file before the lists are read'),
  ),
  'contactImport.optionsFailed': state((s) => {
    assert.equal(s.context.error, 'optionsFailed');
    assert.ok(s.can(e['options.retry'][0]!));
  }),
  'contactImport.choosing': state((s, via) => {
    assert.equal(s.context.upload, null, 'nothing uploaded yet');
    assert.ok(s.can(e['file.choose'][0]!), 'another file can be chosen');
    const chosen = eventOf(via, 'file.choose');
    if (chosen) {
      // A refused file stays on this step, with the reason, and is never sent.
      assert.equal(s.context.error, SUPPORTED.test(chosen.file.name) ? 'tooLarge' : 'unsupportedFile');
      assert.ok(
        !SUPPORTED.test(chosen.file.name) || !within(chosen.file, s),
        'a supported file within the limit is uploaded',
      );
      assert.equal(s.context.file, via!.from.context.file);
    }
  }),
  'contactImport.uploading': state((s, via) => {
    const chosen = eventOf(via, 'file.choose');
    if (chosen) {
      assert.equal(s.context.file, chosen.file);
      assert.equal(s.context.error, null);
      assert.ok(within(chosen.file, s), 'a file over a known limit is never sent');
    }
  }),
  'contactImport.mapping': state((s) => {
    assert.ok(s.context.upload, 'maps an uploaded file');
    assert.ok([null, 'listRequired', 'startFailed', 'deleteFailed'].includes(s.context.error));
  }),
  'contactImport.starting': state((s) => assert.ok(s.context.listIds.length > 0, 'never starts without a list')),
  'contactImport.confirmingDelete': state((s) => assert.ok(s.context.upload, 'deletes an uploaded import')),
  'contactImport.deleting': state((s, via) => {
    assert.ok(s.context.upload);
    assert.equal(via?.event.type, 'delete.confirm', 'only a confirmed delete is sent');
  }),
  'contactImport.running': state((s, via) => {
    assert.equal(s.context.error, null);
    assert.ok(s.context.upload);
    assert.ok(s.context.readFailures < MAX_READ_FAILURES, 'a run read too often in vain is no longer followed');
    if (via?.event.type === 'xstate.error.actor.readImport') {
      assert.equal(s.context.readFailures, via.from.context.readFailures + 1, 'a failed read is counted');
    } else if (via?.event.type === 'xstate.done.actor.readImport')
      assert.equal(s.context.readFailures, 0, 'a read resets the count');
  }),
  'contactImport.watchFailed': state((s, via) => {
    assert.equal(s.context.error, 'watchFailed');
    assert.equal(s.context.readFailures, MAX_READ_FAILURES, 'after that many failed reads in a row');
    assert.ok(s.can(e['watch.retry'][0]!) && s.can(e['import.again'][0]!), 'follow again, or import another file');
    if (via) assert.equal(via.event.type, 'xstate.error.actor.readImport');
  }),
  'contactImport.finished': state((s) => {
    assert.ok([null, 'deleteFailed'].includes(s.context.error));
    assert.equal(s.context.upload?.status, 'finished');
  }),
  'contactImport.failed': state((s) => {
    assert.ok(['runFailed', 'deleteFailed'].includes(s.context.error!));
    assert.equal(s.context.upload?.status, 'failed');
  }),
};

export const contactImportModel: MachineModel<undefined> = {
  name: 'contactImport',
  machine: contactImportMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(contactImportEventFixtures).flat(),
    done('loadImportOptions', o.loadImportOptions.loaded, 'loaded'),
    failed('loadImportOptions'),
    done('loadImportLimits', o.loadImportLimits.loaded, 'loaded'),
    failed('loadImportLimits'),
    done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
    done('uploadFile', o.uploadFile.rejected, 'tooLarge'),
    failed('uploadFile'),
    done('startImport', o.startImport.started, 'started'),
    done('startImport', o.startImport.rejected, 'listRequired'),
    failed('startImport'),
    done('readImport', o.readImport.running, 'running'),
    done('readImport', o.readImport.finished, 'finished'),
    done('readImport', o.readImport.failed, 'failed'),
    failed('readImport'),
    after('importPoll', 'contactImport.running.waiting'),
    done('deleteImport', o.deleteImport.deleted, 'deleted'),
    done('deleteImport', o.deleteImport.rejected, 'rejected'),
    failed('deleteImport'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      lists: s.context.listIds.length > 0,
      limit: s.context.maxFileBytes !== null,
      readFailures: s.context.readFailures,
      // Where a cancelled or refused delete goes back to.
      upload: s.context.upload?.status ?? null,
    }),
  invariants,
  journeys: [
    {
      name: 'maps columns, sets options, follows progress',
      input: 'none',
      events: [
        done('loadImportOptions', o.loadImportOptions.loaded, 'loaded'),
        contactImportEventFixtures['file.choose'][0],
        done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
        contactImportEventFixtures['mapping.change'][0],
        contactImportEventFixtures['options.change'][0],
        contactImportEventFixtures['lists.change'][0],
        contactImportEventFixtures['import.start'][0],
        done('startImport', o.startImport.started, 'started'),
        contactImportEventFixtures['import.progressed'][0],
        done('readImport', o.readImport.running, 'running'),
        contactImportEventFixtures['import.ended'][0],
        done('readImport', o.readImport.finished, 'finished'),
      ] as ModelEvent[],
    },
    {
      name: 'a finished import: delete cancelled, failed, refused, then done',
      input: 'none',
      events: [
        done('loadImportOptions', o.loadImportOptions.loaded, 'loaded'),
        e['file.choose'][0],
        done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
        e['lists.change'][0],
        e['import.start'][0],
        done('startImport', o.startImport.started, 'started'),
        done('readImport', o.readImport.finished, 'finished'),
        e['import.delete'][0],
        e['delete.cancel'][0],
        e['import.delete'][0],
        e['delete.confirm'][0],
        failed('deleteImport'),
        e['import.delete'][0],
        e['delete.confirm'][0],
        done('deleteImport', o.deleteImport.rejected, 'rejected'),
        e['import.delete'][0],
        e['delete.confirm'][0],
        done('deleteImport', o.deleteImport.deleted, 'deleted'),
      ] as ModelEvent[],
    },
    onFileStep(
      'a file over the loaded limit is refused unsent, then another is sent',
      done('loadImportLimits', o.loadImportLimits.loaded, 'loaded'),
      [e['file.choose'][2]!, e['file.choose'][0]!],
    ),
    onFileStep('without the limit a large file is sent, and the server refuses it', failed('loadImportLimits'), [
      e['file.choose'][2]!,
      done('uploadFile', o.uploadFile.rejected, 'tooLarge'),
    ]),
  ],
};
