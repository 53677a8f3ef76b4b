import { NavLink, Stack } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { commonMessages } from '../../i18n/common.messages.ts';

interface Area {
  to: string;
  /** Paths under this prefix mark the area as current. */
  prefix: string;
  label: MessageDescriptor;
}

export const AREAS: Area[] = [
  { to: '/', prefix: '/', label: commonMessages.navDashboard },
  { to: '/contacts', prefix: '/contacts', label: commonMessages.navContacts },
  { to: '/multichannel', prefix: '/multichannel', label: commonMessages.navMultichannel },
  { to: '/userflow', prefix: '/userflow', label: commonMessages.navUserflow },
  { to: '/workflows/list', prefix: '/workflows', label: commonMessages.navWorkflows },
  { to: '/cockpit', prefix: '/cockpit', label: commonMessages.navCockpit },
  { to: '/integrations/apikeys', prefix: '/integrations', label: commonMessages.navIntegrations },
  { to: '/billing/channels', prefix: '/billing', label: commonMessages.navBilling },
  { to: '/account', prefix: '/account', label: commonMessages.navAccount },
];

function isCurrent(pathname: string, prefix: string): boolean {
  return prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The navigation of the areas. */
export function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <Stack component="nav" gap={2} aria-label={intl.formatMessage(commonMessages.mainNavigation)}>
      {AREAS.map((area) => {
        const current = isCurrent(pathname, area.prefix);
        return (
          <NavLink
            key={area.to}
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
