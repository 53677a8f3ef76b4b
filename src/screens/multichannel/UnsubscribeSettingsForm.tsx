import { ColorInput, Fieldset, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { unsubscribeSettingsMachine } from '../../machines/unsubscribeSettings/unsubscribeSettings.machine.ts';
import {
  selectDraft,
  selectEditable,
  selectFieldErrors,
  selectLanguage,
} from '../../machines/unsubscribeSettings/unsubscribeSettings.selectors.ts';
import {
  UNSUBSCRIBE_COLOUR_FIELDS,
  UNSUBSCRIBE_LANGUAGES,
  type UnsubscribeLanguage,
} from '../../../shared/unsubscribe.ts';
import { unsubscribeSettingsMessages as m } from './UnsubscribeSettingsScreen.messages.ts';

type Actor = ActorRefFrom<typeof unsubscribeSettingsMachine>;

const COLOUR_LABELS = { background: m.background, text: m.text, button: m.buttonColour, buttonText: m.buttonText };

/** The texts of the chosen language, the colours and the list choice; every change goes to the machine. */
export function UnsubscribeSettingsForm({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const draft = useSelector(actor, selectDraft);
  const language = useSelector(actor, selectLanguage);
  const errors = useSelector(actor, selectFieldErrors);
  const editable = useSelector(actor, selectEditable);
  if (!draft) return null;
  const texts = draft.texts[language];
  const textError = (field: string) =>
    errors[`texts.${language}.${field}`] ? intl.formatMessage(m.invalidText) : undefined;
  const text = (field: keyof typeof texts) => ({
    label: intl.formatMessage(m[field]),
    value: texts[field],
    error: textError(field),
    disabled: !editable,
    onChange: (event: { currentTarget: { value: string } }) =>
      actor.send({ type: 'text.change', language, field, value: event.currentTarget.value }),
  });
  return (
    <Stack>
      <SegmentedControl
        aria-label={intl.formatMessage(m.language)}
        value={language}
        onChange={(value) => actor.send({ type: 'language.select', language: value as UnsubscribeLanguage })}
        data={UNSUBSCRIBE_LANGUAGES.map((value) => ({ value, label: intl.formatMessage(m[value]) }))}
      />
      <TextInput {...text('title')} maxLength={100} />
      <Textarea {...text('body')} autosize minRows={2} maxLength={1000} />
      <TextInput {...text('button')} maxLength={50} />
      <Textarea {...text('done')} autosize minRows={2} maxLength={1000} />
      <Fieldset legend={intl.formatMessage(m.colours)}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {UNSUBSCRIBE_COLOUR_FIELDS.map((field) => (
            <ColorInput
              key={field}
              format="hex"
              // Mantine's eye-dropper button has no accessible name (and works in few browsers): typing and the
              // swatch picker are enough.
              withEyeDropper={false}
              label={intl.formatMessage(COLOUR_LABELS[field])}
              value={draft.colours[field]}
              disabled={!editable}
              error={errors[`colours.${field}`] ? intl.formatMessage(m.invalidColour) : undefined}
              onChange={(value) => actor.send({ type: 'colour.change', field, value })}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Switch
        label={intl.formatMessage(m.offerLists)}
        checked={draft.offerLists}
        disabled={!editable}
        onChange={(event) => actor.send({ type: 'lists.toggle', enabled: event.currentTarget.checked })}
      />
    </Stack>
  );
}
