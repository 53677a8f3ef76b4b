import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactExportEventFixtures as e,
  contactExportModel,
  contactExportOutputFixtures as o,
} from '../../../tests/model/contactExport.model.ts';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import { MAX_READ_FAILURES } from '../readFailures.ts';
import { contactExportMachine, type ContactExportEvent } from './contactExport.machine.ts';

describeModel(contactExportModel);

describe('contact export machine at runtime', () => {
  it('starts the selection, follows progress to the download link, then exports again after a failure', async () => {
    const selections: ContactSelection[] = [];
    const watched: number[] = [];
    let finish: (result: ContactExport) => void = () => undefined;
    const finalRead = new Promise<ContactExport>((resolve) => (finish = resolve));
    const actor = createActor(
      contactExportMachine.provide({
        actors: {
          startExport: fromPromise<ContactExport, { selection: ContactSelection }>(async ({ input }) => {
            selections.push(input.selection);
            if (selections.length === 2) throw new Error('network');
            return o.startExport.queued;
          }),
          readExport: fromPromise<ContactExport, { exportId: number }>(() => finalRead),
          watchExport: fromCallback<ContactExportEvent, { exportId: number }>(({ input, sendBack }) => {
            watched.push(input.exportId);
            sendBack(e['export.progressed'][0]!);
          }),
        },
      }),
    ).start();
    actor.send(e['export.start'][0]!);
    await waitFor(actor, (s) => s.matches('running') && s.context.progress.done === 40);
    expect(watched).toEqual([12]);
    expect(actor.getSnapshot().context.progress).toEqual({ done: 40, total: 100 });
    finish(o.readExport.finished);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.result?.downloadUrl).toContain('/file?token=');
    actor.send(e['export.start'][1]!);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'startFailed', result: null });
    expect(selections).toEqual([{ ids: [1, 2] }, { filter: { listId: 3 }, excludeIds: [2] }]);
    actor.send(e['export.dismiss'][0]!);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('counts failed reads of a running export: a few in a row are shown, and it can be followed again', async () => {
    const reads: Array<'fail' | ContactExport> = [
      ...Array<'fail'>(MAX_READ_FAILURES - 1).fill('fail'),
      o.readExport.running,
      ...Array<'fail'>(MAX_READ_FAILURES).fill('fail'),
      o.readExport.finished,
    ];
    let calls = 0;
    const actor = createActor(
      contactExportMachine.provide({
        delays: { exportPoll: 1 },
        actors: {
          startExport: fromPromise<ContactExport, { selection: ContactSelection }>(async () => o.startExport.queued),
          readExport: fromPromise<ContactExport, { exportId: number }>(async () => {
            const next = reads[calls++];
            if (next === undefined || next === 'fail') throw new Error('network');
            return next;
          }),
          watchExport: fromCallback(() => undefined),
        },
      }),
    ).start();
    actor.send(e['export.start'][0]!);
    // Fewer failures than the limit, then a good read: still running, the count starts over.
    await waitFor(actor, (s) => s.context.progress.done === 60);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.getSnapshot().context.readFailures).toBe(0);
    const lost = await waitFor(actor, (s) => s.matches('watchFailed'));
    expect(lost.context.error).toBe('watchFailed');
    expect(lost.hasTag('error')).toBe(true);
    expect(calls).toBe(2 * MAX_READ_FAILURES);
    actor.send(e['watch.retry'][0]!);
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.result?.downloadUrl).toContain('/file?token=');
  });
});
