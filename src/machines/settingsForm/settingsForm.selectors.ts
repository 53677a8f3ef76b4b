import type { AnyMachineSnapshot } from 'xstate';

/**
 * Narrow selectors for `useSelector` that every settings form shares (its own context values have typed selectors
 * beside its machine); each returns a value that keeps its identity until it changes.
 */
const SAVE = { type: 'settings.save' } as const;
const DISCARD = { type: 'settings.discard' } as const;

export type SettingsFormStep = 'loading' | 'loadFailed' | 'saved' | 'form';

export const selectStep = (s: AnyMachineSnapshot): SettingsFormStep =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('saved') ? 'saved' : 'form';
export const selectError = (s: AnyMachineSnapshot) => s.context.error as 'loadFailed' | 'saveFailed' | null;
export const selectFieldErrors = (s: AnyMachineSnapshot) => s.context.fieldErrors as Record<string, string>;
export const selectBusy = (s: AnyMachineSnapshot) => s.hasTag('busy');
export const selectEditable = (s: AnyMachineSnapshot) => s.hasTag('editable');
export const selectIsDirty = (s: AnyMachineSnapshot) => s.matches({ editing: 'dirty' }) || s.matches('rejected');
/** A 422 answered: the field errors are shown beside their fields, this says why nothing was saved. */
export const selectIsRejected = (s: AnyMachineSnapshot) => s.matches('rejected');
export const selectCanSave = (s: AnyMachineSnapshot) => s.can(SAVE);
export const selectCanDiscard = (s: AnyMachineSnapshot) => s.can(DISCARD);
