import { Alert, Button, Group, Loader, Modal, Paper, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ASSIGNABLE_ROLES } from '../../../shared/permissions.ts';
import { SessionActor } from '../../app/actors.ts';
import { actorOptions } from '../../app/inspect.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  teamMachine,
  type AssignableRole,
  type TeamAction,
  type TeamError,
  type TeamNotice,
} from '../../machines/team/team.machine.ts';
import { IfCan } from '../shared/Permitted.tsx';
import { AuditLogPanel } from './AuditLogPanel.tsx';
import { roleMessages } from './roles.messages.ts';
import { teamMessages as m } from './TeamScreen.messages.ts';
import { InvitationsTable, MembersTable } from './TeamTables.tsx';

type Actor = ReturnType<typeof useActorRef<typeof teamMachine>>;

const ERRORS: Record<TeamError, MessageDescriptor> = {
  loadFailed: m.loadFailed,
  actionFailed: m.actionFailed,
  inviteFailed: m.inviteFailed,
  lastOwner: m.lastOwner,
  gone: m.gone,
};
const NOTICES: Record<TeamNotice, MessageDescriptor> = {
  invited: m.noticeInvited,
  changeRole: m.noticeChangeRole,
  remove: m.noticeRemove,
  transfer: m.noticeTransfer,
  resend: m.noticeResend,
  revoke: m.noticeRevoke,
};
const CONFIRM: Partial<Record<TeamAction['kind'], { title: MessageDescriptor; label: MessageDescriptor }>> = {
  remove: { title: m.removeTitle, label: m.remove },
  transfer: { title: m.transferTitle, label: m.transfer },
  revoke: { title: m.revokeTitle, label: m.revoke },
};

/** Account → Team: members and pending invitations; an Audit log tab for the roles that may read it. */
export function TeamScreen() {
  const intl = useIntl();
  const canAudit = useCan('audit:read');
  if (!canAudit) return <TeamMembers />;
  return (
    <Tabs defaultValue="members" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="members">{intl.formatMessage(m.membersTab)}</Tabs.Tab>
        <Tabs.Tab value="audit">{intl.formatMessage(m.auditTab)}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="members">
        <TeamMembers />
      </Tabs.Panel>
      <Tabs.Panel value="audit">
        <AuditLogPanel />
      </Tabs.Panel>
    </Tabs>
  );
}

function TeamMembers() {
  const intl = useIntl();
  const actor = useActorRef(teamMachine, actorOptions());
  const step = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const members = useSelector(actor, (s) => s.context.members);
  const invitations = useSelector(actor, (s) => s.context.invitations);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const me = SessionActor.useSelector((s) => s.context.user?.id ?? null);
  const canManage = useCan('team:manage');
  const canTransfer = useCan('ownership:transfer');
  const onAction = (action: TeamAction) => actor.send({ type: 'action.request', action });
  return (
    <Stack gap="lg" maw={1100} aria-busy={busy}>
      {step === 'loading' ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
      {error && step !== 'inviting' ? (
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
          {intl.formatMessage(NOTICES[notice])}
        </Alert>
      ) : null}
      {step === 'loadFailed' ? (
        <Button w="fit-content" onClick={() => actor.send({ type: 'team.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      ) : null}
      {step !== 'loading' && step !== 'loadFailed' ? (
        <>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {intl.formatMessage(m.membersTitle)}
                </Title>
                <IfCan permission="team:manage">
                  <Button disabled={step !== 'ready'} onClick={() => actor.send({ type: 'invite.open' })}>
                    {intl.formatMessage(m.invite)}
                  </Button>
                </IfCan>
              </Group>
              <MembersTable
                members={members}
                me={me}
                canManage={canManage}
                canTransfer={canTransfer}
                idle={step === 'ready'}
                onAction={onAction}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Title order={2} size="h4">
                {intl.formatMessage(m.invitationsTitle)}
              </Title>
              {invitations.length ? (
                <InvitationsTable invitations={invitations} idle={step === 'ready'} onAction={onAction} />
              ) : (
                <Text c="dimmed">{intl.formatMessage(m.invitationsEmpty)}</Text>
              )}
            </Stack>
          </Paper>
        </>
      ) : null}
      <InviteModal actor={actor} />
      <ConfirmAction actor={actor} />
    </Stack>
  );
}

/** The question before removing a member, transferring ownership or revoking an invitation. */
function ConfirmAction({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const action = useSelector(actor, (s) => s.context.action);
  const open = useSelector(actor, (s) => s.matches('confirming') || s.matches('running'));
  const running = useSelector(actor, (s) => s.matches('running'));
  const members = useSelector(actor, (s) => s.context.members);
  const invitations = useSelector(actor, (s) => s.context.invitations);
  const texts = action ? CONFIRM[action.kind] : undefined;
  let name = '';
  if (action && 'userId' in action) {
    const member = members.find((x) => x.id === action.userId);
    name = member ? `${member.firstName} ${member.lastName}`.trim() || member.email : '';
  } else if (action && 'invitationId' in action) {
    name = invitations.find((x) => x.id === action.invitationId)?.email ?? '';
  }
  const text = action?.kind === 'transfer' ? m.transferText : action?.kind === 'revoke' ? m.revokeText : m.removeText;
  return (
    <ConfirmModal
      opened={open && Boolean(texts)}
      title={texts ? intl.formatMessage(texts.title) : ''}
      text={intl.formatMessage(text, { name })}
      confirmLabel={texts ? intl.formatMessage(texts.label) : ''}
      cancelLabel={intl.formatMessage(commonMessages.cancel)}
      busy={running}
      onConfirm={() => actor.send({ type: 'action.confirm' })}
      onCancel={() => actor.send({ type: 'action.cancel' })}
    />
  );
}

/** Invite by email with a role from ASSIGNABLE_ROLES; the server's field errors show under the fields. */
function InviteModal({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.matches('inviting'));
  const saving = useSelector(actor, (s) => s.matches({ inviting: 'saving' }));
  const fieldErrors = useSelector(actor, (s) => s.context.inviteErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({
      type: 'invite.submit',
      email: String(form.get('email') ?? ''),
      role: String(form.get('role') ?? 'viewer') as AssignableRole,
    });
  };
  return (
    <Modal
      opened={open}
      onClose={() => actor.send({ type: 'invite.cancel' })}
      title={intl.formatMessage(m.inviteTitle)}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{intl.formatMessage(m.inviteText)}</Text>
          {error === 'inviteFailed' ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.inviteFailed)}
            </Alert>
          ) : null}
          <TextInput
            name="email"
            type="email"
            autoComplete="off"
            label={intl.formatMessage(m.email)}
            error={fieldErrors.email}
            required
            data-autofocus
          />
          <Select
            name="role"
            label={intl.formatMessage(m.role)}
            data={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: intl.formatMessage(roleMessages[role]) }))}
            defaultValue="viewer"
            allowDeselect={false}
            error={fieldErrors.role}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'invite.cancel' })}>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button type="submit" loading={saving}>
              {intl.formatMessage(m.inviteSend)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
