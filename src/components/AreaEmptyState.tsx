import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AreaEmptyStateProps {
  title: string;
  description: string;
  children?: ReactNode;
}

/** What a not-yet-built area shows: what it is for, never fake data. */
export function AreaEmptyState({ title, description, children }: AreaEmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <EmptyState
        title={title}
        description={description}
        size="md"
        withIndicatorBackground
        icon={<span aria-hidden>◇</span>}
      >
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
