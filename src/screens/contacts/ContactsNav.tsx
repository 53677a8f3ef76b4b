import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { can, type Permission } from '../../../shared/permissions.ts';
import { SessionActor } from '../../app/actors.ts';
import { contactsMessages as m } from './contacts.messages.ts';

const TABS: { to: string; label: MessageDescriptor; permission?: Permission }[] = [
  { to: '/contacts', label: m.tabContacts },
  { to: '/contacts/lists', label: m.tabLists },
  { to: '/contacts/folders', label: m.tabFolders },
  { to: '/contacts/segments', label: m.tabSegments },
  { to: '/contacts/attributes/edit', label: m.tabAttributes },
  { to: '/contacts/importer/import', label: m.tabImport, permission: 'contacts:write' },
];

/** The section a tab of this bar opened: the next section's bar takes the focus back on its own tab. */
let openedByTab: string | null = null;

/**
 * The contacts area's sections. Each section is its own page with its own bar, so a tab (clicked, or reached with the
 * arrow keys) opens a page whose bar focuses the same tab again: a keyboard user stays in the tab list instead of
 * being sent to the new page's heading.
 */
export function ContactsNav() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const list = useRef<HTMLDivElement>(null);
  const role = SessionActor.useSelector((s) => s.context.user?.role);
  // Importing writes contacts: the tab is left out for roles without contacts:write (its page says why).
  const tabs = TABS.filter((t) => !t.permission || (role !== undefined && can(role, t.permission)));
  const current = TABS.find((t) => t.to === pathname)?.to ?? '/contacts';
  useEffect(() => {
    if (openedByTab !== pathname) return;
    openedByTab = null;
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [pathname]);
  const open = (to: string | null) => {
    if (!to) return;
    openedByTab = to;
    void navigate(to);
  };
  return (
    <Tabs value={current} onChange={open} mb="md" aria-label={intl.formatMessage(m.areaNav)}>
      <Tabs.List ref={list}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.to} value={t.to}>
            {intl.formatMessage(t.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
