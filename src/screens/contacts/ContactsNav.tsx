import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { contactsMessages as m } from './contacts.messages.ts';

const TABS = [
  { to: '/contacts', label: m.tabContacts },
  { to: '/contacts/lists', label: m.tabLists },
  { to: '/contacts/folders', label: m.tabFolders },
  { to: '/contacts/segments', label: m.tabSegments },
  { to: '/contacts/attributes/edit', label: m.tabAttributes },
  { to: '/contacts/importer/import', label: m.tabImport },
];

/** The contacts area's sections. */
export function ContactsNav() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((t) => t.to === pathname)?.to ?? '/contacts';
  return (
    <Tabs value={current} onChange={(to) => to && void navigate(to)} mb="md" aria-label={intl.formatMessage(m.areaNav)}>
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Tab key={t.to} value={t.to}>
            {intl.formatMessage(t.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
