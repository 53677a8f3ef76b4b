import { Alert, Tooltip } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Permission } from '../../../shared/permissions.ts';
import { useCan } from '../../app/permissions.ts';
import { noAccessMessages, permittedMessages } from './Permitted.messages.ts';

/** A permission a signed-in member can lack (public, self and operator are never checked on a screen). */
export type MemberPermission = keyof typeof permittedMessages;

/**
 * A control the role may lack: as given when the role holds the permission (the contract's x-permission, the one the
 * server checks), otherwise disabled inside a focusable wrapper whose tooltip says what the role cannot do.
 */
export function Permitted({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  const intl = useIntl();
  const allowed = useCan(permission);
  if (allowed) return children;
  const why = intl.formatMessage(
    permission in permittedMessages ? permittedMessages[permission as MemberPermission] : noAccessMessages.title,
  );
  return (
    <Tooltip label={why} withArrow>
      <span tabIndex={0} aria-label={why} data-permission-denied={permission} style={{ display: 'inline-block' }}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}

/** Only when the role holds the permission; nothing otherwise (for actions a read-only screen simply leaves out). */
export function IfCan({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : null;
}

/** A page the role may not use: says so, instead of loading what the server would refuse. */
export function NoAccess({ permission }: { permission: MemberPermission }) {
  const intl = useIntl();
  return (
    <Alert color="yellow" title={intl.formatMessage(noAccessMessages.title)} data-testid="no-access">
      {intl.formatMessage(permittedMessages[permission])}. {intl.formatMessage(noAccessMessages.askAdmin)}
    </Alert>
  );
}
