import { Alert, Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Permission } from '../../../shared/permissions.ts';
import { useCan } from '../../app/permissions.ts';
import { noAccessMessages, permittedMessages } from './Permitted.messages.ts';

/** A permission a signed-in member can lack (public, self and operator are never checked on a screen). */
export type MemberPermission = keyof typeof permittedMessages;

/** The props Permitted sets on the control it holds back (Mantine's Button takes them all). */
interface HeldBack {
  disabled?: boolean;
  'data-disabled'?: boolean;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  'data-permission-denied'?: string;
  onClick?: (event: MouseEvent) => void;
}

/**
 * A control the role may lack: as given when the role holds the permission (the contract's x-permission, the one the
 * server checks). Otherwise it stays focusable but does nothing (aria-disabled, its click prevented, so a form is not
 * submitted), shows as disabled, and says what the role cannot do in a tooltip and in its accessible description.
 */
export function Permitted({ permission, children }: { permission: Permission; children: ReactElement<HeldBack> }) {
  const intl = useIntl();
  const allowed = useCan(permission);
  const descriptionId = useId();
  if (allowed) return children;
  const why = intl.formatMessage(
    permission in permittedMessages ? permittedMessages[permission as MemberPermission] : noAccessMessages.title,
  );
  return (
    <>
      <Tooltip label={why} withArrow>
        {cloneElement(children, {
          disabled: false,
          'data-disabled': true,
          'aria-disabled': true,
          'aria-describedby': descriptionId,
          'data-permission-denied': permission,
          onClick: (event: MouseEvent) => event.preventDefault(),
        })}
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{why}</VisuallyHidden>
    </>
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
