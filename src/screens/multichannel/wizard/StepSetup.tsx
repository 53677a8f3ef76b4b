import { Anchor, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PREVIEW_TEXT_RECOMMENDED_LENGTH } from '../../../../shared/messaging.ts';
import { issueText, wizardText as w } from './MessageWizard.messages.ts';
import { orNull, useWizardActor } from './wizardActor.ts';

/** step-0: name, subject, preview text (with its live counter), from name and verified sender, reply-to, type. */
export function StepSetup() {
  const intl = useIntl();
  const actor = useWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const senders = useSelector(actor, (s) => s.context.options?.senders ?? []);
  const issues = useSelector(actor, (s) => s.context.issues);
  const change = (patch: object) => actor.send({ type: 'field.change', patch });
  const issue = (field: string) => {
    const code = issues[field];
    return code ? intl.formatMessage(issueText[code]) : undefined;
  };
  const preview = draft.previewText ?? '';
  return (
    <Stack maw={640}>
      <TextInput
        label={intl.formatMessage(w.name)}
        required
        value={draft.name ?? ''}
        error={issue('name')}
        onChange={(e) => change({ name: e.currentTarget.value })}
      />
      <TextInput
        label={intl.formatMessage(w.subject)}
        value={draft.subject ?? ''}
        error={issue('subject')}
        onChange={(e) => change({ subject: orNull(e.currentTarget.value) })}
      />
      <TextInput
        label={intl.formatMessage(w.previewText)}
        description={intl.formatMessage(w.previewHint, {
          recommended: PREVIEW_TEXT_RECOMMENDED_LENGTH,
          count: preview.length,
        })}
        value={preview}
        error={issue('previewText')}
        onChange={(e) => change({ previewText: orNull(e.currentTarget.value) })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={intl.formatMessage(w.fromName)}
          value={draft.fromName ?? ''}
          error={issue('fromName')}
          onChange={(e) => change({ fromName: orNull(e.currentTarget.value) })}
        />
        {senders.length ? (
          <Select
            label={intl.formatMessage(w.sender)}
            data={senders.map((s) => ({ value: String(s.id), label: `${s.name} <${s.address}>` }))}
            value={draft.senderId ? String(draft.senderId) : null}
            error={issue('senderId')}
            clearable
            onChange={(value) => change({ senderId: value ? Number(value) : null })}
          />
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {intl.formatMessage(w.sender)}
            </Text>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(w.noSenders)}{' '}
              <Anchor component={Link} to="/multichannel/settings/senders">
                {intl.formatMessage(w.toSenders)}
              </Anchor>
            </Text>
          </Stack>
        )}
      </SimpleGrid>
      <TextInput
        label={intl.formatMessage(w.replyTo)}
        type="email"
        value={draft.replyTo ?? ''}
        error={issue('replyTo')}
        onChange={(e) => change({ replyTo: orNull(e.currentTarget.value) })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={intl.formatMessage(w.type)}
          allowDeselect={false}
          data={[
            { value: 'regular', label: intl.formatMessage(w.typeRegular) },
            { value: 'automated', label: intl.formatMessage(w.typeAutomated) },
          ]}
          value={draft.type ?? 'regular'}
          onChange={(value) => value && change({ type: value })}
        />
        <Select
          label={intl.formatMessage(w.category)}
          allowDeselect={false}
          data={[
            { value: 'marketing', label: intl.formatMessage(w.categoryMarketing) },
            { value: 'transactional', label: intl.formatMessage(w.categoryTransactional) },
          ]}
          value={draft.category ?? 'marketing'}
          onChange={(value) => value && change({ category: value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
