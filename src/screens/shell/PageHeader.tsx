import { Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle.ts';

/** The page title as the page's heading. */
export function PageHeader() {
  const title = usePageTitle();
  return title ? (
    <Title order={1} size="h2" mb="lg" id="page-title">
      {title}
    </Title>
  ) : null;
}
