import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import { contactImportEventFixtures as e, contactImportModel, contactImportOutputFixtures as o } from '../../../tests/model/contactImport.model.ts';
import { contactImportMachine, type StartOutcome, type UploadOutcome } from './contactImport.machine.ts';
import type { ImportLimits } from '../contactsTable/contacts.types.ts';
import type { StartInput } from './contactImport.actors.ts';

describeModel(contactImportModel);

const limitLoaded = fromPromise<ImportLimits>(async () => o.loadImportLimits.loaded);
const limitUnreadable = fromPromise<ImportLimits>(async () => {
  throw new Error('network');
});

describe('contact import machine at runtime', () => {
  it('uploads, refuses to start without a list, then runs with progress to finished', async () => {
    const started: StartInput[] = [];
    const actor = createActor(
      contactImportMachine.provide({
        actors: {
          loadImportOptions: fromPromise(async () => o.loadImportOptions.loaded),
          loadImportLimits: limitLoaded,
          uploadFile: fromPromise<UploadOutcome, { file: File }>(async () => o.uploadFile.uploaded),
          startImport: fromPromise<StartOutcome, StartInput>(async ({ input }) => {
            started.push(input);
            return o.startImport.started;
          }),
          watchImport: fromCallback(({ sendBack }) => {
            sendBack(e['import.progressed'][0]!);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send(e['file.choose'][1]!);
    expect(actor.getSnapshot().context.error).toBe('unsupportedFile');
    actor.send(e['file.choose'][0]!);
    await waitFor(actor, (s) => s.matches('mapping'));
    expect(actor.getSnapshot().context.mapping).toEqual([{ target: 'email' }, { target: 'firstName' }]);
    actor.send(e['import.start'][0]!);
    expect(actor.getSnapshot().context.error).toBe('listRequired');
    actor.send(e['mapping.change'][0]!);
    actor.send(e['lists.change'][0]!);
    actor.send(e['options.change'][0]!);
    actor.send(e['import.start'][0]!);
    await waitFor(actor, (s) => s.matches('running') && s.context.progress.processed === 1);
    expect(started).toEqual([{ importId: 7, mapping: [{ target: 'email' }, { target: 'skip' }], listIds: [3], updateExisting: false, blocklist: true }]);
    actor.send(e['import.completed'][0]!);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.upload?.errorReportUrl).toContain('/errors?token=');
    actor.send(e['import.again'][0]!);
    expect(actor.getSnapshot().context.upload).toBeNull();
  });

  /** The machine with the limit loaded or unreadable, counting the files it sends. */
  const withLimit = (loadImportLimits: typeof limitLoaded, outcome: UploadOutcome) => {
    const sent: File[] = [];
    const actor = createActor(
      contactImportMachine.provide({
        actors: {
          loadImportOptions: fromPromise(async () => o.loadImportOptions.loaded),
          loadImportLimits,
          uploadFile: fromPromise<UploadOutcome, { file: File }>(async ({ input }) => {
            sent.push(input.file);
            return outcome;
          }),
        },
      }),
    ).start();
    return { actor, sent };
  };

  it('refuses a file over the loaded limit without sending it, and takes another one', async () => {
    const { actor, sent } = withLimit(limitLoaded, o.uploadFile.uploaded);
    await waitFor(actor, (s) => s.matches('choosing') && s.context.maxFileBytes === o.loadImportLimits.loaded.maxFileBytes);
    const big = e['file.choose'][2]!;
    expect(big.file.size).toBe(o.loadImportLimits.loaded.maxFileBytes + 1);
    actor.send(big);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe('tooLarge');
    expect(actor.getSnapshot().context.file).toBeNull();
    actor.send(e['file.choose'][0]!);
    await waitFor(actor, (s) => s.matches('mapping'));
    expect(sent.map((f) => f.name)).toEqual(['contacts.csv']);
  });

  it('without the limit sends the file and reports the server refusing it as too large', async () => {
    const { actor, sent } = withLimit(limitUnreadable, o.uploadFile.rejected);
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send(e['file.choose'][2]!);
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error === 'tooLarge');
    expect(actor.getSnapshot().context.maxFileBytes).toBeNull();
    expect(sent.map((f) => f.name)).toEqual(['big.csv']);
  });
});
