import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactExportEventFixtures as e,
  contactExportModel,
  contactExportOutputFixtures as o,
} from '../../../tests/model/contactExport.model.ts';
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';
import { contactExportMachine, type ContactExportEvent } from './contactExport.machine.ts';

describeModel(contactExportModel);

describe('contact export machine at runtime', () => {
  it('starts the selection, follows progress to the download link, then exports again after a failure', async () => {
    const selections: ContactSelection[] = [];
    const watched: number[] = [];
    const actor = createActor(
      contactExportMachine.provide({
        actors: {
          startExport: fromPromise<ContactExport, { selection: ContactSelection }>(async ({ input }) => {
            selections.push(input.selection);
            if (selections.length === 2) throw new Error('network');
            return o.startExport.queued;
          }),
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
    actor.send(e['export.completed'][0]!);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.result?.downloadUrl).toContain('/file?token=');
    actor.send(e['export.start'][1]!);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'startFailed', result: null });
    expect(selections).toEqual([{ ids: [1, 2] }, { filter: { listId: 3 }, excludeIds: [2] }]);
    actor.send(e['export.dismiss'][0]!);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
