// Types shared by the segmentEditor machine and its actors, so neither module imports the other back.
import type {
  ContactAttribute,
  ContactList,
  Segment,
  SegmentCondition,
  SegmentGroup,
} from '../contactsTable/contacts.types.ts';
import type { ConditionIssue, TreePath } from './segmentTree.ts';

export interface SegmentOptions {
  segments: Segment[];
  lists: ContactList[];
  attributes: ContactAttribute[];
}

export interface SegmentDraft {
  name: string;
  conditions: SegmentGroup;
}

/** A refusal, with what the server said about condition values, by tree path (`conditionIssues`). */
export type SaveOutcome =
  | { kind: 'saved'; segment: Segment }
  | { kind: 'rejected'; reason: 'nameRequired' | 'invalidConditions'; issues: Record<string, ConditionIssue> };

/** Spec section 5: one segment at a time, a name is required; plus failed calls. */
export type SegmentError =
  'loadFailed' | 'oneSegmentOnly' | 'nameRequired' | 'invalidConditions' | 'saveFailed' | 'deleteFailed';

export interface SegmentEditorContext {
  segments: Segment[];
  lists: ContactList[];
  attributes: ContactAttribute[];
  /** The one selected (saved) segment; null while a new one is drafted. */
  selectedId: number | null;
  draft: SegmentDraft;
  count: number | null;
  error: SegmentError | null;
  /** The last refusal's value errors, by condition path ("1.0"); a change to a condition drops its own. */
  conditionIssues: Record<string, ConditionIssue>;
}

export type SegmentEditorEvent =
  | { type: 'segments.retry' }
  | { type: 'segment.toggle'; id: number }
  | { type: 'segment.new' }
  | { type: 'segment.close' }
  | { type: 'draft.rename'; name: string }
  | { type: 'condition.add'; path: TreePath; group?: boolean }
  | { type: 'condition.update'; path: TreePath; condition: SegmentCondition }
  | { type: 'condition.remove'; path: TreePath }
  | { type: 'group.operator'; path: TreePath; operator: SegmentGroup['operator'] }
  | { type: 'segment.save' }
  | { type: 'segment.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
