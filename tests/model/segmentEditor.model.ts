import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type { Segment } from '../../src/machines/contactsTable/contacts.types.ts';
import type * as segmentEditorActors from '../../src/machines/segmentEditor/segmentEditor.actors.ts';
import {
  segmentEditorMachine,
  type SaveOutcome,
  type SegmentEditorEvent,
  type SegmentEditorContext,
  type SegmentOptions,
} from '../../src/machines/segmentEditor/segmentEditor.machine.ts';
import { isComplete } from '../../src/machines/segmentEditor/segmentTree.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const at = '2025-01-01T10:00:00.000Z';
const segment = (id: number, name: string): Segment => ({
  id,
  name,
  conditions: { kind: 'group', operator: 'and', conditions: [{ kind: 'blocklist', operator: 'isNot' }] },
  createdAt: at,
  updatedAt: at,
});

export const segmentEditorEventFixtures = {
  'segments.retry': [{ type: 'segments.retry' }],
  'segment.toggle': [
    { type: 'segment.toggle', id: 1 },
    { type: 'segment.toggle', id: 2 },
  ],
  'segment.new': [{ type: 'segment.new' }],
  'segment.close': [{ type: 'segment.close' }],
  'draft.rename': [
    { type: 'draft.rename', name: 'Italians' },
    { type: 'draft.rename', name: '' },
  ],
  'condition.add': [
    { type: 'condition.add', path: [] },
    { type: 'condition.add', path: [], group: true },
  ],
  'condition.update': [
    {
      type: 'condition.update',
      path: [0],
      condition: { kind: 'field', field: 'country', operator: 'equals', value: 'IT' },
    },
  ],
  'condition.remove': [{ type: 'condition.remove', path: [0] }],
  'group.operator': [{ type: 'group.operator', path: [], operator: 'or' }],
  'segment.save': [{ type: 'segment.save' }],
  'segment.delete': [{ type: 'segment.delete' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
} satisfies { [K in SegmentEditorEvent['type']]: Array<Extract<SegmentEditorEvent, { type: K }>> };

type Rejection = Extract<SaveOutcome, { kind: 'rejected' }>;
/** A saved segment plus one refusal per reason: a new reason fails compilation until it has a fixture. */
type SaveFixtures = { saved: Extract<SaveOutcome, { kind: 'saved' }> } & {
  [K in Rejection['reason']]: Rejection & { reason: K };
};

export const segmentEditorOutputFixtures = {
  loadSegmentOptions: {
    loaded: { segments: [segment(1, 'Active'), segment(2, 'Italians')], lists: [], attributes: [] } as SegmentOptions,
  },
  countConditions: { counted: 42 },
  saveSegment: {
    saved: { kind: 'saved', segment: segment(3, 'Italians') },
    nameRequired: { kind: 'rejected', reason: 'nameRequired', issues: {} },
    // The first condition's value is empty text.
    invalidConditions: { kind: 'rejected', reason: 'invalidConditions', issues: { '0': 'textRequired' } },
  } satisfies SaveFixtures,
  deleteSegment: { deleted: undefined },
} satisfies { [K in keyof typeof segmentEditorActors]: Record<string, OutputFrom<(typeof segmentEditorActors)[K]>> };

const o = segmentEditorOutputFixtures;
const e = segmentEditorEventFixtures;
const debounce = after('COUNT_DEBOUNCE', 'segmentEditor.editing.debouncing');

export const segmentEditorModel: MachineModel<undefined> = {
  name: 'segmentEditor',
  machine: segmentEditorMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(e).flat(),
    debounce,
    done('loadSegmentOptions', o.loadSegmentOptions.loaded, 'loaded'),
    failed('loadSegmentOptions'),
    done('countConditions', o.countConditions.counted, 'counted'),
    failed('countConditions'),
    done('saveSegment', o.saveSegment.saved, 'saved'),
    done('saveSegment', o.saveSegment.nameRequired, 'nameRequired'),
    done('saveSegment', o.saveSegment.invalidConditions, 'invalidConditions'),
    failed('saveSegment'),
    done('deleteSegment', o.deleteSegment.deleted, 'deleted'),
    failed('deleteSegment'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as SegmentEditorContext;
    return JSON.stringify({
      value: s.value,
      error: c.error,
      selected: c.selectedId,
      named: c.draft.name.trim() !== '',
      complete: isComplete(c.draft.conditions),
      count: c.count !== null,
    });
  },
  journeys: [
    {
      name: 'one segment at a time, then a nested segment with a live count, saved',
      input: 'none',
      events: [
        done('loadSegmentOptions', o.loadSegmentOptions.loaded, 'loaded'),
        e['segment.toggle'][0]!,
        e['segment.toggle'][1]!,
        e['segment.toggle'][0]!,
        e['segment.new'][0]!,
        e['condition.update'][0]!,
        e['condition.add'][1]!,
        e['group.operator'][0]!,
        e['draft.rename'][0]!,
        e['condition.remove'][0]!,
        debounce,
        e['segment.save'][0]!,
        done('saveSegment', o.saveSegment.saved, 'saved'),
      ] as ModelEvent[],
    },
  ],
  limit: 20_000,
};
