import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  segmentEditorEventFixtures as e,
  segmentEditorModel,
  segmentEditorOutputFixtures as o,
} from '../../../tests/model/segmentEditor.model.ts';
import type { SegmentGroup } from '../contactsTable/contacts.types.ts';
import { segmentEditorMachine, type SaveOutcome } from './segmentEditor.machine.ts';

describeModel(segmentEditorModel);

describe('segment editor machine at runtime', () => {
  it('keeps one segment selected, counts a debounced complete draft once, and saves it', async () => {
    const counted: SegmentGroup[] = [];
    const actor = createActor(
      segmentEditorMachine.provide({
        delays: { COUNT_DEBOUNCE: 20 },
        actors: {
          loadSegmentOptions: fromPromise(async () => o.loadSegmentOptions.loaded),
          countConditions: fromPromise<number, { conditions: SegmentGroup }>(async ({ input }) => {
            counted.push(input.conditions);
            return 42;
          }),
          saveSegment: fromPromise<SaveOutcome, { id: number | null; name: string; conditions: SegmentGroup }>(
            async () => o.saveSegment.saved,
          ),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send(e['segment.toggle'][0]!);
    actor.send(e['segment.toggle'][1]!);
    expect(actor.getSnapshot().context.error).toBe('oneSegmentOnly');
    expect(actor.getSnapshot().context.selectedId).toBe(1);
    actor.send(e['segment.toggle'][0]!);
    expect(actor.getSnapshot().value).toBe('browsing');
    actor.send(e['segment.new'][0]!);
    await waitFor(actor, (s) => s.matches({ editing: 'incomplete' }));
    actor.send(e['condition.update'][0]!);
    actor.send(e['condition.add'][1]!);
    actor.send({ type: 'condition.update', path: [1, 0], condition: { kind: 'list', operator: 'in', listId: 4 } });
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }));
    expect(counted).toHaveLength(1);
    expect(actor.getSnapshot().context.count).toBe(42);
    actor.send(e['segment.save'][0]!);
    expect(actor.getSnapshot().context.error).toBe('nameRequired');
    actor.send(e['draft.rename'][0]!);
    actor.send(e['segment.save'][0]!);
    await waitFor(actor, (s) => s.matches('editing') && s.context.selectedId === 3);
    expect(actor.getSnapshot().context.segments.map((s) => s.name)).toEqual(['Active', 'Italians', 'Italians']);
  });

  it("keeps the server's value errors by condition until that condition changes", async () => {
    const actor = createActor(
      segmentEditorMachine.provide({
        delays: { COUNT_DEBOUNCE: 20 },
        actors: {
          loadSegmentOptions: fromPromise(async () => o.loadSegmentOptions.loaded),
          countConditions: fromPromise<number, { conditions: SegmentGroup }>(async () => 0),
          saveSegment: fromPromise<SaveOutcome, { id: number | null; name: string; conditions: SegmentGroup }>(
            async () => ({
              kind: 'rejected',
              reason: 'invalidConditions',
              issues: { '0': 'textRequired', '1.0': 'optionRequired' },
            }),
          ),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send(e['segment.new'][0]!);
    actor.send(e['draft.rename'][0]!);
    actor.send(e['segment.save'][0]!);
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'invalidConditions',
      conditionIssues: { '0': 'textRequired', '1.0': 'optionRequired' },
    });
    // Renaming keeps them; changing the first condition drops its own; adding one moves the paths and drops all.
    actor.send(e['draft.rename'][0]!);
    expect(actor.getSnapshot().context.conditionIssues).toEqual({ '0': 'textRequired', '1.0': 'optionRequired' });
    actor.send(e['condition.update'][0]!);
    expect(actor.getSnapshot().context.conditionIssues).toEqual({ '1.0': 'optionRequired' });
    actor.send(e['condition.add'][0]!);
    expect(actor.getSnapshot().context.conditionIssues).toEqual({});
  });
});
