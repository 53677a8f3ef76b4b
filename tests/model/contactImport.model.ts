import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as contactImportActors from '../../src/machines/contactImport/contactImport.actors.ts';
import {
  contactImportMachine,
  type ContactImportEvent,
  type StartOutcome,
  type UploadOutcome,
} from '../../src/machines/contactImport/contactImport.machine.ts';
import type { ContactAttribute, ContactImport } from '../../src/machines/contactsTable/contacts.types.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

/** Files serialise as `{}`; a name keeps the two fixtures apart in the graph. */
const named = (file: File): File => Object.assign(file, { toJSON: () => file.name });
const csv = named(new File(['email,first name\nada@example.com,Ada\n'], 'contacts.csv', { type: 'text/csv' }));
const pdf = named(new File(['%PDF'], 'contacts.pdf', { type: 'application/pdf' }));

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
  ],
  'file.reset': [{ type: 'file.reset' }],
  'mapping.change': [{ type: 'mapping.change', column: 1, target: { target: 'skip' } }],
  'lists.change': [{ type: 'lists.change', listIds: [3] }],
  'options.change': [{ type: 'options.change', updateExisting: false, blocklist: true }],
  'import.start': [{ type: 'import.start' }],
  'import.progressed': [{ type: 'import.progressed', processed: 1, total: 2 }],
  'import.completed': [
    { type: 'import.completed', upload: upload({ status: 'finished', processed: 2, created: 1, failed: 1, errorReportUrl: '/api/contact-imports/7/errors?token=abcdefghijkl' }) },
    { type: 'import.completed', upload: upload({ status: 'failed', error: 'unreadable' }) },
  ],
  'import.again': [{ type: 'import.again' }],
} satisfies { [K in ContactImportEvent['type']]: Array<Extract<ContactImportEvent, { type: K }>> };

export const contactImportOutputFixtures = {
  loadImportOptions: {
    loaded: {
      lists: [{ id: 3, name: 'Newsletter', folderId: 1, memberCount: 0, createdAt: '2025-01-01T10:00:00.000Z', updatedAt: '2025-01-01T10:00:00.000Z' }],
      attributes: [] as ContactAttribute[],
    },
  },
  uploadFile: {
    uploaded: { kind: 'uploaded', upload: upload() },
    rejected: { kind: 'rejected', reason: 'tooLarge' },
  } satisfies { [K in UploadOutcome['kind']]: Extract<UploadOutcome, { kind: K }> },
  startImport: {
    started: { kind: 'started', upload: upload({ status: 'queued' }) },
    rejected: { kind: 'rejected', reason: 'listRequired' },
  } satisfies { [K in StartOutcome['kind']]: Extract<StartOutcome, { kind: K }> },
  watchImport: {},
} satisfies { [K in keyof typeof contactImportActors]?: Record<string, OutputFrom<(typeof contactImportActors)[K]>> };

const o = contactImportOutputFixtures;

export const contactImportModel: MachineModel<undefined> = {
  name: 'contactImport',
  machine: contactImportMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(contactImportEventFixtures).flat(),
    done('loadImportOptions', o.loadImportOptions.loaded, 'loaded'),
    failed('loadImportOptions'),
    done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
    done('uploadFile', o.uploadFile.rejected, 'tooLarge'),
    failed('uploadFile'),
    done('startImport', o.startImport.started, 'started'),
    done('startImport', o.startImport.rejected, 'listRequired'),
    failed('startImport'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, error: s.context.error, lists: s.context.listIds.length > 0 }),
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
        contactImportEventFixtures['import.completed'][0],
      ] as ModelEvent[],
    },
  ],
};
