import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactImportEventFixtures as e,
  contactImportModel,
  contactImportOutputFixtures as o,
} from '../../../tests/model/contactImport.model.ts';
import {
  contactImportMachine,
  MAX_READ_FAILURES,
  type StartOutcome,
  type UploadOutcome,
} from './contactImport.machine.ts';
import type { ContactImport, ImportLimits } from '../contactsTable/contacts.types.ts';
import type { StartInput } from './contactImport.actors.ts';

describeModel(contactImportModel);

const limitLoaded = fromPromise<ImportLimits>(async () => o.loadImportLimits.loaded);
const limitUnreadable = fromPromise<ImportLimits>(async () => {
  throw new Error('network');
});

describe('contact import machine at runtime', () => {
  it('uploads, refuses to start without a list, then runs with progress to finished', async () => {
    const started: StartInput[] = [];
    let finish: (upload: ContactImport) => void = () => undefined;
    const finalRead = new Promise<ContactImport>((resolve) => (finish = resolve));
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
          readImport: fromPromise<ContactImport, { importId: number }>(() => finalRead),
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
    expect(started).toEqual([
      {
        importId: 7,
        mapping: [{ target: 'email' }, { target: 'skip' }],
        listIds: [3],
        updateExisting: false,
        blocklist: true,
      },
    ]);
    finish(o.readImport.finished);
    await waitFor(actor, (s) => s.matches('finished'));
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
    await waitFor(
      actor,
      (s) => s.matches('choosing') && s.context.maxFileBytes === o.loadImportLimits.loaded.maxFileBytes,
    );
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

  it('counts failed reads of a running import: a few in a row are shown, and it can be followed again', async () => {
    const reads: Array<'fail' | ContactImport> = [
      ...Array<'fail'>(MAX_READ_FAILURES - 1).fill('fail'),
      o.readImport.running,
    ];
    reads.push(...Array<'fail'>(MAX_READ_FAILURES).fill('fail'), o.readImport.finished);
    let calls = 0;
    const actor = createActor(
      contactImportMachine.provide({
        delays: { importPoll: 1 },
        actors: {
          loadImportOptions: fromPromise(async () => o.loadImportOptions.loaded),
          loadImportLimits: limitLoaded,
          uploadFile: fromPromise<UploadOutcome, { file: File }>(async () => o.uploadFile.uploaded),
          startImport: fromPromise<StartOutcome, StartInput>(async () => o.startImport.started),
          readImport: fromPromise<ContactImport, { importId: number }>(async () => {
            const next = reads[calls++];
            if (next === undefined || next === 'fail') throw new Error('network');
            return next;
          }),
          watchImport: fromCallback(() => undefined),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send(e['file.choose'][0]!);
    await waitFor(actor, (s) => s.matches('mapping'));
    actor.send(e['lists.change'][0]!);
    actor.send(e['import.start'][0]!);
    // Fewer failures than the limit, then a good read: still running, the count starts over.
    await waitFor(actor, (s) => s.context.progress.processed === 1);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.getSnapshot().context.readFailures).toBe(0);
    const lost = await waitFor(actor, (s) => s.matches('watchFailed'));
    expect(lost.context.error).toBe('watchFailed');
    expect(lost.hasTag('error')).toBe(true);
    expect(calls).toBe(2 * MAX_READ_FAILURES);
    actor.send(e['watch.retry'][0]!);
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.upload?.created).toBe(1);
  });
});
