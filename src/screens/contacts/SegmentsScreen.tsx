import { Alert, Button, Checkbox, Grid, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { segmentEditorMachine, type SegmentError } from '../../machines/segmentEditor/segmentEditor.machine.ts';
import { GroupEditor } from './GroupEditor.tsx';
import { segmentsMessages as m } from './SegmentsScreen.messages.ts';
import { contactsMessages as c } from './contacts.messages.ts';
import { ContactsNav } from './ContactsNav.tsx';
import { Permitted } from '../shared/Permitted.tsx';

const ERRORS: Record<SegmentError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  oneSegmentOnly: m.oneSegmentOnly,
  nameRequired: c.nameRequired,
  invalidConditions: m.invalidConditions,
  saveFailed: m.saveFailed,
  deleteFailed: m.deleteFailed,
};

/** Segments: the saved segments (one selected at a time) and the editor with its live count. */
export function SegmentsScreen() {
  const intl = useIntl();
  const actor = useActorRef(segmentEditorMachine, actorOptions());
  const segments = useSelector(actor, (s) => s.context.segments);
  const lists = useSelector(actor, (s) => s.context.lists);
  const attributes = useSelector(actor, (s) => s.context.attributes);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const draft = useSelector(actor, (s) => s.context.draft);
  const count = useSelector(actor, (s) => s.context.count);
  const error = useSelector(actor, (s) => s.context.error);
  const conditionIssues = useSelector(actor, (s) => s.context.conditionIssues);
  const editing = useSelector(
    actor,
    (s) => s.hasTag('editable') || s.matches('saving') || s.matches('confirmingDelete') || s.matches('deleting'),
  );
  const counting = useSelector(actor, (s) => s.matches({ editing: 'debouncing' }) || s.hasTag('counting'));
  const incomplete = useSelector(actor, (s) => s.matches({ editing: 'incomplete' }));
  const countFailed = useSelector(actor, (s) => s.matches({ editing: 'countFailed' }));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  // Until the segments and attributes are loaded the machine cannot start a new segment: the button says so.
  const canCreate = useSelector(actor, (s) => s.can({ type: 'segment.new' }));

  return (
    <>
      <ContactsNav />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {intl.formatMessage(m.intro)}
              </Text>
              <Permitted permission="contacts:write">
                <Button disabled={!canCreate} onClick={() => actor.send({ type: 'segment.new' })}>
                  {intl.formatMessage(m.new)}
                </Button>
              </Permitted>
              {segments.length === 0 ? <Text c="dimmed">{intl.formatMessage(m.empty)}</Text> : null}
              {segments.map((s) => (
                <Checkbox
                  key={s.id}
                  label={s.name}
                  aria-label={intl.formatMessage(m.select, { name: s.name })}
                  checked={selectedId === s.id}
                  onChange={() => actor.send({ type: 'segment.toggle', id: s.id })}
                />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack>
            {error ? (
              <Alert color="red" role="alert">
                {intl.formatMessage(ERRORS[error])}
              </Alert>
            ) : null}
            {loadFailed ? (
              <Button w="fit-content" onClick={() => actor.send({ type: 'segments.retry' })}>
                {intl.formatMessage(commonMessages.retry)}
              </Button>
            ) : null}
            {editing ? (
              <Paper withBorder p="md" radius="md">
                <Stack>
                  <Group align="flex-end" justify="space-between">
                    <TextInput
                      label={intl.formatMessage(m.name)}
                      value={draft.name}
                      onChange={(e) => actor.send({ type: 'draft.rename', name: e.currentTarget.value })}
                      maxLength={100}
                      w={320}
                    />
                    <Group gap="xs" data-testid="segment-count" aria-live="polite">
                      {counting ? <Loader size="xs" /> : null}
                      <Text fw={500}>
                        {count !== null && !counting
                          ? intl.formatMessage(m.count, { count })
                          : incomplete
                            ? intl.formatMessage(m.incomplete)
                            : countFailed
                              ? intl.formatMessage(m.countFailed)
                              : intl.formatMessage(m.counting)}
                      </Text>
                    </Group>
                  </Group>
                  <GroupEditor
                    group={draft.conditions}
                    path={[]}
                    lists={lists}
                    attributes={attributes}
                    issues={conditionIssues}
                    send={actor.send}
                  />
                  <Group>
                    <Permitted permission="contacts:write">
                      <Button loading={saving} onClick={() => actor.send({ type: 'segment.save' })}>
                        {intl.formatMessage(m.save)}
                      </Button>
                    </Permitted>
                    {selectedId !== null ? (
                      <>
                        <Button component={Link} to={`/contacts?segment=${selectedId}`} variant="default">
                          {intl.formatMessage(m.showContacts)}
                        </Button>
                        <Permitted permission="contacts:write">
                          <Button variant="light" color="red" onClick={() => actor.send({ type: 'segment.delete' })}>
                            {intl.formatMessage(c.delete)}
                          </Button>
                        </Permitted>
                      </>
                    ) : null}
                    <Button variant="subtle" onClick={() => actor.send({ type: 'segment.close' })}>
                      {intl.formatMessage(m.close)}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(c.confirmTitle)}
        text={intl.formatMessage(m.deleteText)}
        confirmLabel={intl.formatMessage(c.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </>
  );
}
