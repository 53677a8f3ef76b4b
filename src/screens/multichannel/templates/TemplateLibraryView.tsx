import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useIntl } from 'react-intl';
import { ConfirmModal } from '../../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../../i18n/common.messages.ts';
import type { templateLibraryMachine } from '../../../machines/templateLibrary/templateLibrary.machine.ts';
import { TemplateCard } from './TemplateCard.tsx';
import { CreateTemplateDialog, RenameTemplateDialog } from './TemplateDialogs.tsx';
import { templatesMessages as m } from './templates.messages.ts';
import { Permitted } from '../../shared/Permitted.tsx';

const ERROR_TEXT = {
  loadFailed: m.loadFailed,
  nameRequired: m.nameRequired,
  createFailed: m.createFailed,
  renameFailed: m.renameFailed,
  duplicateFailed: m.duplicateFailed,
  deleteFailed: m.deleteFailed,
} as const;

/** The list: search, a grid of thumbnails with their actions, pages, and the create, rename and delete dialogs. */
export function TemplateLibraryView({ actor }: { actor: ActorRefFrom<typeof templateLibraryMachine> }) {
  const intl = useIntl();
  const data = useSelector(actor, (s) => s.context.data);
  const query = useSelector(actor, (s) => s.context.query);
  const error = useSelector(actor, (s) => s.context.error);
  const pending = useSelector(actor, (s) => s.context.pending);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const createOpen = useSelector(actor, (s) => s.matches('createOpen') || s.matches('creating'));
  const renameOpen = useSelector(actor, (s) => s.matches('renameOpen') || s.matches('renaming'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const dialogError = createOpen || renameOpen ? error : null;
  const pageError = !dialogError && error && error !== 'loadFailed' ? error : null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h2">
            {intl.formatMessage(m.title)}
          </Title>
          <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
        </div>
        <Permitted permission="messages:write">
          <Button
            onClick={() => actor.send({ type: 'create.open' })}
            disabled={!actor.getSnapshot().can({ type: 'create.open' })}
          >
            {intl.formatMessage(m.create)}
          </Button>
        </Permitted>
      </Group>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const q = new FormData(event.currentTarget).get('q');
          actor.send({ type: 'library.search', q: typeof q === 'string' ? q : '' });
        }}
      >
        <TextInput
          name="q"
          type="search"
          defaultValue={query.q}
          aria-label={intl.formatMessage(m.search)}
          placeholder={intl.formatMessage(m.search)}
          maw={360}
        />
      </form>
      {pageError && (
        <Alert color="red" role="alert">
          {intl.formatMessage(ERROR_TEXT[pageError])}
        </Alert>
      )}
      {loadFailed ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{intl.formatMessage(m.loadFailed)}</Text>
            <Button size="xs" variant="light" onClick={() => actor.send({ type: 'library.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </Group>
        </Alert>
      ) : loading && data.items.length === 0 ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} />
        </Center>
      ) : data.items.length === 0 ? (
        <Text c="dimmed" py="lg">
          {intl.formatMessage(query.q ? m.noMatch : m.empty)}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} aria-busy={busy}>
          {data.items.map((t) => (
            <TemplateCard
              key={t.id}
              template={t}
              onDuplicate={() => actor.send({ type: 'template.duplicate', id: t.id })}
              onRename={() => actor.send({ type: 'rename.open', id: t.id, name: t.name })}
              onDelete={() => actor.send({ type: 'template.delete', id: t.id, name: t.name })}
            />
          ))}
        </SimpleGrid>
      )}
      {data.pages > 1 && (
        <Pagination
          aria-label={intl.formatMessage(m.pagination)}
          total={data.pages}
          value={data.page}
          onChange={(page) => actor.send({ type: 'library.page', page })}
        />
      )}
      <CreateTemplateDialog
        opened={createOpen}
        busy={busy}
        error={dialogError ? intl.formatMessage(ERROR_TEXT[dialogError]) : null}
        onSubmit={(name, starter) => actor.send({ type: 'template.create', name, starter })}
        onClose={() => actor.send({ type: 'dialog.cancel' })}
      />
      {renameOpen && pending && (
        <RenameTemplateDialog
          initialName={pending.name}
          busy={busy}
          error={dialogError ? intl.formatMessage(ERROR_TEXT[dialogError]) : null}
          onSubmit={(name) => actor.send({ type: 'template.rename', name })}
          onClose={() => actor.send({ type: 'dialog.cancel' })}
        />
      )}
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.deleteTitle, { name: pending?.name ?? '' })}
        text={intl.formatMessage(m.deleteText)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </Stack>
  );
}
