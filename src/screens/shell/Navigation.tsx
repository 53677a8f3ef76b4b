import { NavLink, Stack } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { can, type Permission, type Role } from '../../../shared/permissions.ts';
import { SessionActor } from '../../app/actors.ts';
import { commonMessages } from '../../i18n/common.messages.ts';

interface Area {
  to: string;
  /** Paths under this prefix mark the area as current. */
  prefix: string;
  label: MessageDescriptor;
  /** The area is shown only to roles with this permission. */
  permission?: Permission;
  /** Where the area opens for roles without this permission (a page of the area they may use). */
  fallback?: { without: Permission; to: string };
}

export const AREAS: Area[] = [
  { to: '/', prefix: '/', label: commonMessages.navDashboard },
  { to: '/contacts', prefix: '/contacts', label: commonMessages.navContacts },
  { to: '/multichannel', prefix: '/multichannel', label: commonMessages.navMultichannel },
  { to: '/userflow', prefix: '/userflow', label: commonMessages.navUserflow },
  { to: '/workflows/list', prefix: '/workflows', label: commonMessages.navWorkflows },
  { to: '/cockpit', prefix: '/cockpit', label: commonMessages.navCockpit },
  {
    to: '/integrations/apikeys',
    prefix: '/integrations',
    label: commonMessages.navIntegrations,
    fallback: { without: 'apikeys:manage', to: '/integrations/webhooks' },
  },
  { to: '/billing/channels', prefix: '/billing', label: commonMessages.navBilling, permission: 'billing:read' },
  { to: '/account', prefix: '/account', label: commonMessages.navAccount },
];

function isCurrent(pathname: string, prefix: string): boolean {
  return prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The areas a role sees, each with the page it opens on (shared/permissions.ts decides, as the server does). */
export function areasFor(role: Role | undefined): Area[] {
  const may = (permission: Permission) => role !== undefined && can(role, permission);
  return AREAS.filter((area) => !area.permission || may(area.permission)).map((area) =>
    area.fallback && !may(area.fallback.without) ? { ...area, to: area.fallback.to } : area,
  );
}

/** The navigation of the areas the signed-in member's role may use. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const role = SessionActor.useSelector((s) => s.context.user?.role);
  return (
    <Stack component="nav" gap={2} aria-label={intl.formatMessage(commonMessages.mainNavigation)}>
      {areasFor(role).map((area) => {
        const current = isCurrent(pathname, area.prefix);
        return (
          <NavLink
            key={area.prefix}
            component={Link}
            to={area.to}
            label={intl.formatMessage(area.label)}
            active={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
