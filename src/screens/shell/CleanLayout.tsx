import { Box, Container, Group, Paper } from '@mantine/core';
import { Outlet } from 'react-router';
import { Brand } from './Brand.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PageHeader } from './PageHeader.tsx';

/** The clean layout (login, password reset, preview): the product, the language switch and the page. */
export function CleanLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py="xl">
      <Container size={460}>
        <Group justify="space-between" mb="lg">
          <Brand />
          <LanguageSwitch />
        </Group>
        <Paper component="main" id="main" withBorder shadow="sm" p="xl" radius="md">
          <PageHeader />
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
