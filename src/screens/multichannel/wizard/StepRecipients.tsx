import { Alert, Group, Loader, MultiSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { issueText, wizardText as w } from './MessageWizard.messages.ts';
import { useWizardActor } from './wizardActor.ts';

type AudienceField = 'includeLists' | 'includeSegments' | 'excludeLists' | 'excludeSegments';

/** step-1: lists and segments to include and to exclude, with the deduplicated count, live (debounced). */
export function StepRecipients() {
  const intl = useIntl();
  const actor = useWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const lists = useSelector(actor, (s) => s.context.options?.lists ?? []);
  const segments = useSelector(actor, (s) => s.context.options?.segments ?? []);
  const issues = useSelector(actor, (s) => s.context.issues);
  const count = useSelector(actor, (s) => s.context.count);
  const counting = useSelector(actor, (s) => s.matches({ ready: { count: 'debouncing' } }) || s.hasTag('counting'));
  const countFailed = useSelector(actor, (s) => s.context.errors.count === 'countFailed');
  const listData = lists.map((l) => ({ value: String(l.id), label: `${l.name} (${l.memberCount})` }));
  const segmentData = segments.map((s) => ({ value: String(s.id), label: s.name }));

  const picker = (field: AudienceField, data: typeof listData) => (
    <MultiSelect
      label={intl.formatMessage(w[field])}
      data={data}
      searchable
      clearable
      value={(draft[field] ?? []).map(String)}
      error={issues[field] ? intl.formatMessage(issueText[issues[field]]) : undefined}
      onChange={(values) => actor.send({ type: 'field.change', patch: { [field]: values.map(Number) } })}
    />
  );

  return (
    <Stack maw={760}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {picker('includeLists', listData)}
        {picker('includeSegments', segmentData)}
        {picker('excludeLists', listData)}
        {picker('excludeSegments', segmentData)}
      </SimpleGrid>
      <Paper withBorder p="md" aria-live="polite" data-testid="recipient-count">
        {counting ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text>{intl.formatMessage(w.counting)}</Text>
          </Group>
        ) : countFailed ? (
          <Alert color="red">{intl.formatMessage(w.countFailed)}</Alert>
        ) : (
          <Text fw={600} size="lg">
            {intl.formatMessage(w.recipients, { count: count ?? 0 })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {intl.formatMessage(w.recipientsHint)}
        </Text>
      </Paper>
    </Stack>
  );
}
