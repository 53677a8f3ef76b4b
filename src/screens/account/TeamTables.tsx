import { Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ASSIGNABLE_ROLES, isRole } from '../../../shared/permissions.ts';
import type { AssignableRole, Invitation, TeamAction, TeamMember } from '../../machines/team/team.machine.ts';
import { Permitted } from '../shared/Permitted.tsx';
import { roleMessages } from './roles.messages.ts';
import { teamMessages as m } from './TeamScreen.messages.ts';

const fullName = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;
const isAssignable = (role: string | null): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role ?? '');

interface MembersProps {
  members: TeamMember[];
  me: string | null;
  canManage: boolean;
  canTransfer: boolean;
  idle: boolean;
  onAction: (action: TeamAction) => void;
}

/** Members with role, 2FA and last activity; role, removal and ownership controls for the roles that hold them. */
export function MembersTable({ members, me, canManage, canTransfer, idle, onAction }: MembersProps) {
  const intl = useIntl();
  const roleOptions = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: intl.formatMessage(roleMessages[role]) }));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.email)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.role)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.twoFactor)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.lastActive)}</Table.Th>
            {canManage ? <Table.Th>{intl.formatMessage(m.actions)}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = fullName(member);
            const self = member.id === me;
            const editable = canManage && !self && member.role !== 'owner';
            return (
              <Table.Tr key={member.id} data-testid={`member-${member.email}`}>
                <Table.Td>
                  {name}{' '}
                  {self ? (
                    <Text span c="dimmed">
                      {intl.formatMessage(m.you)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  {editable ? (
                    <Select
                      aria-label={intl.formatMessage(m.roleOf, { name })}
                      data={roleOptions}
                      value={member.role}
                      allowDeselect={false}
                      disabled={!idle}
                      w={160}
                      onChange={(role) => {
                        if (isAssignable(role) && role !== member.role) {
                          onAction({ kind: 'changeRole', userId: member.id, role });
                        }
                      }}
                    />
                  ) : (
                    intl.formatMessage(isRole(member.role) ? roleMessages[member.role] : m.role)
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={member.twoFactorEnabled ? 'teal' : 'gray'} variant="light">
                    {intl.formatMessage(member.twoFactorEnabled ? m.twoFactorOn : m.twoFactorOff)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {member.lastActiveAt
                    ? intl.formatDate(member.lastActiveAt, { dateStyle: 'medium', timeStyle: 'short' })
                    : intl.formatMessage(m.never)}
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {canTransfer && member.role === 'admin' ? (
                        <Button
                          size="xs"
                          variant="default"
                          disabled={!idle}
                          aria-label={`${intl.formatMessage(m.transfer)}: ${name}`}
                          onClick={() => onAction({ kind: 'transfer', userId: member.id })}
                        >
                          {intl.formatMessage(m.transfer)}
                        </Button>
                      ) : null}
                      {!self ? (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={!idle}
                          aria-label={`${intl.formatMessage(m.remove)}: ${name}`}
                          onClick={() => onAction({ kind: 'remove', userId: member.id })}
                        >
                          {intl.formatMessage(m.remove)}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface InvitationsProps {
  invitations: Invitation[];
  idle: boolean;
  onAction: (action: TeamAction) => void;
}

/** Pending invitations with resend and revoke (the buttons say why when the role cannot manage the team). */
export function InvitationsTable({ invitations, idle, onAction }: InvitationsProps) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.email)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.role)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.invitedBy)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.expires)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
              <Table.Td>{invitation.email}</Table.Td>
              <Table.Td>{intl.formatMessage(roleMessages[invitation.role])}</Table.Td>
              <Table.Td>{invitation.invitedBy?.name ?? ''}</Table.Td>
              <Table.Td>
                {invitation.status === 'expired' ? (
                  <Badge color="red" variant="light">
                    {intl.formatMessage(m.expired)}
                  </Badge>
                ) : (
                  intl.formatDate(invitation.expiresAt, { dateStyle: 'medium' })
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Permitted permission="team:manage">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!idle}
                      aria-label={`${intl.formatMessage(m.resend)}: ${invitation.email}`}
                      onClick={() => onAction({ kind: 'resend', invitationId: invitation.id })}
                    >
                      {intl.formatMessage(m.resend)}
                    </Button>
                  </Permitted>
                  <Permitted permission="team:manage">
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={!idle}
                      aria-label={`${intl.formatMessage(m.revoke)}: ${invitation.email}`}
                      onClick={() => onAction({ kind: 'revoke', invitationId: invitation.id })}
                    >
                      {intl.formatMessage(m.revoke)}
                    </Button>
                  </Permitted>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
