import { createSettingsFormMachine, withoutField } from '../settingsForm/settingsForm.machine.ts';
import { loadSettings, saveSettings } from './unsubscribeSettings.actors.ts';
import type {
  UnsubscribeEdit,
  UnsubscribeSettings,
  UnsubscribeSettingsContext,
  UnsubscribeView,
} from './unsubscribeSettings.types.ts';

export type * from './unsubscribeSettings.types.ts';

export function isDraftDirty(context: Pick<UnsubscribeSettingsContext, 'saved' | 'draft'>): boolean {
  const { saved, draft } = context;
  if (!saved || !draft) return false;
  return JSON.stringify(draft) !== JSON.stringify(saved);
}

/**
 * Multichannel → Settings → Unsubscribe page, on the settings form chart (settingsForm.machine.ts: load, edit a
 * draft, save, retry). Its edits are the texts per language, the colours and the list choice (an edit of a field
 * clears the server's message about it); the language chosen picks which texts are edited and previewed (a view
 * choice, never a change).
 */
export const unsubscribeSettingsMachine = createSettingsFormMachine<
  UnsubscribeSettings,
  UnsubscribeSettings,
  UnsubscribeEdit,
  UnsubscribeView,
  Pick<UnsubscribeSettingsContext, 'language'>
>({
  id: 'unsubscribeSettings',
  load: loadSettings,
  save: saveSettings,
  extra: () => ({ language: 'en' }),
  draftOf: (saved) => structuredClone(saved),
  edits: {
    'text.change': ({ draft, fieldErrors }, edit) => ({
      draft: {
        ...draft!,
        texts: { ...draft!.texts, [edit.language]: { ...draft!.texts[edit.language], [edit.field]: edit.value } },
      },
      fieldErrors: withoutField(fieldErrors, `texts.${edit.language}.${edit.field}`),
    }),
    'colour.change': ({ draft, fieldErrors }, edit) => ({
      draft: { ...draft!, colours: { ...draft!.colours, [edit.field]: edit.value } },
      fieldErrors: withoutField(fieldErrors, `colours.${edit.field}`),
    }),
    'lists.toggle': ({ draft }, edit) => ({ draft: { ...draft!, offerLists: edit.enabled } }),
  },
  views: { 'language.select': (_, view) => ({ language: view.language }) },
});
