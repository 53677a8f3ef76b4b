import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  NavLink,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { Permitted } from '../shared/Permitted.tsx';
import { workflowListMachine } from '../../machines/workflowList/workflowList.machine.ts';
import { CreateWorkflowModal } from './CreateWorkflowModal.tsx';
import { WorkflowTable } from './WorkflowTable.tsx';
import { STATUS_SECTIONS, TEMPLATE_CATEGORIES, templatesIn } from './workflowSections.ts';
import {
  managerMessages as m,
  templateCategoryMessages as cm,
  templateMessages as tm,
} from './WorkflowsScreen.messages.ts';

type ListRef = ReturnType<typeof useActorRef<typeof workflowListMachine>>;

/**
 * `/workflows/{section}`: the Workflow Manager. Status sections (all, active, paused, drafts, archived) list
 * workflows; `templates/{category}` sections offer the templates to start from. A new section is a new list.
 */
export function WorkflowsScreen() {
  const section = (useParams()['*'] ?? '').replace(/\/$/, '') || 'all';
  return <WorkflowManager key={section} section={section} />;
}

function WorkflowManager({ section }: { section: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const canWrite = useCan('workflows:write');
  const list = useActorRef(workflowListMachine, { ...actorOptions(), input: { section } }, (snapshot) => {
    if (snapshot.status === 'done' && snapshot.context.created)
      void navigate(`/workflows/workflow/${snapshot.context.created}`);
  });
  const category = section.startsWith('templates/') ? section.slice('templates/'.length) : null;
  return (
    <Group align="stretch" gap={0} wrap="nowrap" mih={480}>
      <Paper withBorder radius={0} w={220} p="sm" component="nav" aria-label={intl.formatMessage(m.sections)}>
        <Title order={2} size="h4" mb="sm">
          {intl.formatMessage(m.title)}
        </Title>
        {STATUS_SECTIONS.map((s) => (
          <NavLink
            key={s}
            component={Link}
            to={`/workflows/${s}`}
            label={intl.formatMessage(m[s])}
            active={section === s}
          />
        ))}
        <NavLink label={intl.formatMessage(m.templates)} defaultOpened childrenOffset="sm">
          {TEMPLATE_CATEGORIES.map((c) => (
            <NavLink
              key={c}
              component={Link}
              to={`/workflows/templates/${c}`}
              label={intl.formatMessage(cm[c])}
              active={category === c}
            />
          ))}
        </NavLink>
      </Paper>
      <Box p="md" style={{ flex: 1, minWidth: 0 }}>
        {category !== null ? (
          <TemplateSection category={category} list={list} />
        ) : (
          <ListSection list={list} canWrite={canWrite} />
        )}
      </Box>
      <CreateWorkflowModal list={list} />
      <ConfirmAction list={list} />
    </Group>
  );
}

function ListSection({ list, canWrite }: { list: ListRef; canWrite: boolean }) {
  const intl = useIntl();
  const search = useSelector(list, (s) => s.context.query.search);
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const error = useSelector(list, (s) => s.context.error);
  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          aria-label={intl.formatMessage(m.search)}
          placeholder={intl.formatMessage(m.search)}
          value={search}
          onChange={(e) => list.send({ type: 'list.search', search: e.currentTarget.value })}
          w={320}
        />
        <Permitted permission="workflows:write">
          <Button onClick={() => list.send({ type: 'create.open', template: null })}>
            {intl.formatMessage(m.create)}
          </Button>
        </Permitted>
      </Group>
      {error === 'actionFailed' ? (
        <Alert color="red" role="alert">
          {intl.formatMessage(m.actionFailed)}
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
          <Button mt="xs" size="xs" onClick={() => list.send({ type: 'list.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Alert>
      ) : (
        <WorkflowTable list={list} canWrite={canWrite} />
      )}
    </Stack>
  );
}

function TemplateSection({ category, list }: { category: string; list: ListRef }) {
  const intl = useIntl();
  const templates = templatesIn(category);
  if (templates.length === 0) return <Text>{intl.formatMessage(m.empty)}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {templates.map((t) => (
        <Card key={t} withBorder>
          <Title order={2} size="h5">
            {intl.formatMessage(tm[t])}
          </Title>
          <Text size="sm" my="sm">
            {intl.formatMessage(tm[`${t}Text`])}
          </Text>
          <Permitted permission="workflows:write">
            <Button size="xs" onClick={() => list.send({ type: 'create.open', template: t })}>
              {intl.formatMessage(m.useTemplate)}
            </Button>
          </Permitted>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function ConfirmAction({ list }: { list: ListRef }) {
  const intl = useIntl();
  const pending = useSelector(list, (s) => (s.matches('confirming') ? s.context.pending : null));
  const isDelete = pending?.action === 'delete';
  return (
    <ConfirmModal
      opened={pending !== null}
      title={intl.formatMessage(isDelete ? m.deleteTitle : m.archiveTitle)}
      text={intl.formatMessage(isDelete ? m.deleteText : m.archiveText)}
      confirmLabel={intl.formatMessage(isDelete ? m.delete : m.archive)}
      cancelLabel={intl.formatMessage(m.cancel)}
      onConfirm={() => list.send({ type: 'action.confirm' })}
      onCancel={() => list.send({ type: 'action.cancel' })}
    />
  );
}
