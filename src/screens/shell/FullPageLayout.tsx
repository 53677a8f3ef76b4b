import { Box, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './Brand.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';
import { PageHeader } from './PageHeader.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The full-page layout of the workflow editor: a slim header, the rest of the window for the canvas. */
export function FullPageLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        h={52}
        px="md"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Brand />
        <Group gap="md" wrap="nowrap">
          <NotificationsBell />
          <UserMenu />
        </Group>
      </Group>
      <Box component="main" id="main" p="md" style={{ flex: 1 }}>
        <PageHeader />
        <Outlet />
      </Box>
    </Box>
  );
}
