import { Alert, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { AUDIT_EVENTS, type AuditEvent } from '../../../shared/audit.ts';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { auditLogMachine, NO_AUDIT_FILTERS } from '../../machines/auditLog/auditLog.machine.ts';
import { auditEventMessages, auditMessages as m } from './AuditLogPanel.messages.ts';

const isAuditEvent = (value: string): value is AuditEvent => (AUDIT_EVENTS as readonly string[]).includes(value);
const text = (form: FormData, name: string) => String(form.get(name) ?? '') || null;

/** The company's audit log: filters (event, member, days), pages, and a CSV export of what the filters select. */
export function AuditLogPanel() {
  const intl = useIntl();
  const actor = useActorRef(auditLogMachine, actorOptions());
  const step = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : 'loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const entries = useSelector(actor, (s) => s.context.entries);
  const pagination = useSelector(actor, (s) => s.context.pagination);
  const members = useSelector(actor, (s) => s.context.members);
  const error = useSelector(actor, (s) => s.context.error);
  const idle = step === 'ready';
  // Clearing the filters remounts the form, so Mantine's selects forget their values too.
  const [formKey, setFormKey] = useState(0);
  const reset = () => {
    setFormKey((key) => key + 1);
    actor.send({ type: 'audit.filter', filters: NO_AUDIT_FILTERS });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = text(form, 'event');
    actor.send({
      type: 'audit.filter',
      filters: {
        event: name && isAuditEvent(name) ? name : null,
        userId: text(form, 'userId'),
        from: text(form, 'from'),
        to: text(form, 'to'),
      },
    });
  };
  return (
    <Paper withBorder p="lg" radius="md" maw={1100} aria-busy={busy}>
      <Stack>
        <Text c="dimmed">{intl.formatMessage(m.auditIntro)}</Text>
        <form key={formKey} onSubmit={submit} onReset={reset}>
          <Group align="flex-end" wrap="wrap">
            <Select
              name="event"
              label={intl.formatMessage(m.auditEvent)}
              placeholder={intl.formatMessage(m.auditAllEvents)}
              data={AUDIT_EVENTS.map((e) => ({ value: e, label: intl.formatMessage(auditEventMessages[e]) }))}
              clearable
              searchable
              w={240}
            />
            <Select
              name="userId"
              label={intl.formatMessage(m.auditMember)}
              placeholder={intl.formatMessage(m.auditAllMembers)}
              data={members.map((x) => ({ value: x.id, label: `${x.firstName} ${x.lastName}`.trim() || x.email }))}
              clearable
              searchable
              w={220}
            />
            <TextInput name="from" type="date" label={intl.formatMessage(m.auditFrom)} w={160} />
            <TextInput name="to" type="date" label={intl.formatMessage(m.auditTo)} w={160} />
            <Button type="submit" disabled={!idle}>
              {intl.formatMessage(m.auditApply)}
            </Button>
            <Button type="reset" variant="default" disabled={!idle}>
              {intl.formatMessage(m.auditReset)}
            </Button>
            <Button
              variant="light"
              disabled={!idle || entries.length === 0}
              loading={step === 'exporting'}
              onClick={() => actor.send({ type: 'audit.export' })}
            >
              {intl.formatMessage(m.auditExport)}
            </Button>
          </Group>
        </form>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(error === 'exportFailed' ? m.auditExportFailed : m.auditLoadFailed)}
          </Alert>
        ) : null}
        {step === 'failed' ? (
          <Button w="fit-content" onClick={() => actor.send({ type: 'audit.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        ) : null}
        {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
        {step !== 'loading' && step !== 'failed' && entries.length === 0 ? (
          <Text>{intl.formatMessage(m.auditEmpty)}</Text>
        ) : null}
        {entries.length > 0 && step !== 'failed' ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage(m.auditEvent)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.auditMember)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.auditAddress)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.auditTime)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{intl.formatMessage(auditEventMessages[entry.event])}</Table.Td>
                    <Table.Td>
                      {entry.user ? entry.user.name || entry.user.email : intl.formatMessage(m.auditSystem)}
                    </Table.Td>
                    <Table.Td>{entry.ip ?? ''}</Table.Td>
                    <Table.Td>
                      {intl.formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {pagination && pagination.pages > 1 ? (
          <Pagination
            total={pagination.pages}
            value={pagination.page}
            disabled={!idle}
            onChange={(page) => actor.send({ type: 'audit.page', page })}
            aria-label={intl.formatMessage(m.auditPages)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
