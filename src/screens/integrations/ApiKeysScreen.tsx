import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  apiKeysMachine,
  type ApiKey,
  type ApiKeyArea,
  type ApiKeyFieldError,
  type ApiKeysError,
} from '../../machines/apiKeys/apiKeys.machine.ts';
import { API_KEY_AREAS } from '../../../shared/integrations.ts';
import { NoAccess } from '../shared/Permitted.tsx';
import { apiKeysMessages as m } from './ApiKeysScreen.messages.ts';

type Actor = ReturnType<typeof useActorRef<typeof apiKeysMachine>>;

const ERRORS: Record<ApiKeysError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  createFailed: m.createFailed,
  revokeFailed: m.revokeFailed,
};
const FIELD_ERRORS: Record<ApiKeyFieldError, MessageDescriptor> = {
  nameRequired: m.nameRequired,
  expiryPast: m.expiryPast,
  invalid: m.invalid,
};
const AREAS: Record<ApiKeyArea, MessageDescriptor> = {
  contacts: m.areaContacts,
  messages: m.areaMessages,
  webhooks: m.areaWebhooks,
  events: m.areaEvents,
};

/** Integrations → Api Keys: for roles with `apikeys:manage` the keys; others are told their role cannot manage them. */
export function ApiKeysScreen() {
  return useCan('apikeys:manage') ? <ApiKeysManager /> : <NoAccess permission="apikeys:manage" />;
}

/** The company's keys, creating one (its secret shown once) and revoking with a question. */
function ApiKeysManager() {
  const intl = useIntl();
  const actor = useActorRef(apiKeysMachine, actorOptions());
  const step = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const keys = useSelector(actor, (s) => s.context.keys);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const targetId = useSelector(actor, (s) => s.context.targetId);
  const revoking = useSelector(actor, (s) => s.matches('revoking'));
  const doomed = keys.find((k) => k.id === targetId);
  return (
    <Stack gap="lg" maw={1100} aria-busy={busy}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Text c="dimmed">
            {intl.formatMessage(m.intro)}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener" underline="always">
              {intl.formatMessage(m.docs)}
            </Anchor>
          </Text>
          {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
          {error && step !== 'form' ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(ERRORS[error])}
            </Alert>
          ) : null}
          {notice ? (
            <Alert
              color="teal"
              role="status"
              withCloseButton
              closeButtonLabel={intl.formatMessage(commonMessages.close)}
              onClose={() => actor.send({ type: 'notice.dismiss' })}
            >
              {intl.formatMessage(m.noticeRevoked)}
            </Alert>
          ) : null}
          {step === 'loadFailed' ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'keys.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          {step !== 'loading' && step !== 'loadFailed' ? (
            <>
              <Group>
                <Button disabled={step !== 'ready'} onClick={() => actor.send({ type: 'key.add' })}>
                  {intl.formatMessage(m.add)}
                </Button>
              </Group>
              {keys.length ? <KeysTable actor={actor} keys={keys} /> : <Text>{intl.formatMessage(m.empty)}</Text>}
            </>
          ) : null}
        </Stack>
      </Paper>
      <CreateKeyModal actor={actor} />
      <SecretModal actor={actor} />
      <ConfirmModal
        opened={targetId !== null && (step === 'confirmingRevoke' || step === 'revoking')}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(m.confirmText, { name: doomed?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.revoke)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={revoking}
        onConfirm={() => actor.send({ type: 'revoke.confirm' })}
        onCancel={() => actor.send({ type: 'revoke.cancel' })}
      />
    </Stack>
  );
}

function KeysTable({ actor, keys }: { actor: Actor; keys: ApiKey[] }) {
  const intl = useIntl();
  const canAct = useSelector(actor, (s) => s.matches('ready'));
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label={intl.formatMessage(m.tableLabel)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.prefix)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.access)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.areas)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.createdBy)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.lastUsed)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.expiresAt)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const status = key.status;
            return (
              <Table.Tr key={key.id} data-testid={`api-key-${key.id}`}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{intl.formatMessage(key.access === 'read' ? m.accessRead : m.accessFull)}</Table.Td>
                <Table.Td>
                  {key.areas
                    ? key.areas.map((a) => intl.formatMessage(AREAS[a])).join(', ')
                    : intl.formatMessage(m.areasAll)}
                </Table.Td>
                <Table.Td>{key.createdBy?.name || intl.formatMessage(m.formerMember)}</Table.Td>
                <Table.Td data-testid="last-used">
                  {key.lastUsedAt
                    ? intl.formatMessage(m.lastUsedFrom, { when: when(key.lastUsedAt), ip: key.lastUsedIp ?? '' })
                    : intl.formatMessage(m.neverUsed)}
                </Table.Td>
                <Table.Td>{key.expiresAt ? when(key.expiresAt) : intl.formatMessage(m.expiresNever)}</Table.Td>
                <Table.Td>
                  <Badge color={status === 'active' ? 'teal' : 'gray'} variant="light">
                    {intl.formatMessage(m[status])}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {status !== 'revoked' ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={!canAct}
                      aria-label={intl.formatMessage(m.revokeLabel, { name: key.name })}
                      onClick={() => actor.send({ type: 'key.revoke', keyId: key.id })}
                    >
                      {intl.formatMessage(m.revoke)}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreateKeyModal({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.matches('form'));
  const saving = useSelector(actor, (s) => s.matches({ form: 'saving' }));
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const fieldError = (code: ApiKeyFieldError | undefined) =>
    code ? intl.formatMessage(FIELD_ERRORS[code]) : undefined;
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'form.cancel' })}
      title={intl.formatMessage(m.formTitle)}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Stack>
          {error === 'createFailed' ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.createFailed)}
            </Alert>
          ) : null}
          <TextInput
            label={intl.formatMessage(m.name)}
            required
            data-autofocus
            value={values.name}
            error={fieldError(fieldErrors.name)}
            onChange={(e) => actor.send({ type: 'form.change', field: 'name', value: e.currentTarget.value })}
          />
          <Radio.Group
            label={intl.formatMessage(m.access)}
            value={values.access}
            error={fieldError(fieldErrors.access)}
            onChange={(value) => actor.send({ type: 'form.change', field: 'access', value })}
          >
            <Group mt="xs">
              <Radio value="read" label={intl.formatMessage(m.accessRead)} />
              <Radio value="full" label={intl.formatMessage(m.accessFull)} />
            </Group>
          </Radio.Group>
          <Checkbox.Group
            label={intl.formatMessage(m.areas)}
            description={intl.formatMessage(m.areasHelp)}
            value={values.areas}
            error={fieldError(fieldErrors.areas)}
            onChange={(value) => actor.send({ type: 'form.change', field: 'areas', value: value as ApiKeyArea[] })}
          >
            <Group mt="xs">
              {API_KEY_AREAS.map((area) => (
                <Checkbox key={area} value={area} label={intl.formatMessage(AREAS[area])} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            type="datetime-local"
            label={intl.formatMessage(m.expiresAt)}
            value={values.expiresAt}
            error={fieldError(fieldErrors.expiresAt)}
            onChange={(e) => actor.send({ type: 'form.change', field: 'expiresAt', value: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'form.cancel' })} disabled={saving}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={saving}>
              {intl.formatMessage(m.create)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The new key's secret, the one time it is shown; closing it means the user has it. */
function SecretModal({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const created = useSelector(actor, (s) => s.context.created);
  return (
    <Modal
      opened={created !== null}
      onClose={() => actor.send({ type: 'secret.done' })}
      title={intl.formatMessage(m.secretTitle)}
      centered
      size="lg"
    >
      <Stack>
        <Alert color="orange">{intl.formatMessage(m.secretWarning)}</Alert>
        <TextInput
          readOnly
          label={intl.formatMessage(m.secretLabel)}
          value={created?.secret ?? ''}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end">
          <CopyButton value={created?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" color={copied ? 'teal' : undefined} onClick={copy}>
                {intl.formatMessage(copied ? m.copied : m.copy)}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => actor.send({ type: 'secret.done' })}>{intl.formatMessage(m.done)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
