import { List, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { nextRuns } from '../../../shared/cron';
import type { SchedulePhrases } from './phrases';

const RUN_COUNT = 5;

export interface ScheduleNextRunsProps {
  pattern: string;
  timeZone: string;
  phrases: SchedulePhrases;
}

/** The next five run times of a pattern, shown in `timeZone`. */
export function ScheduleNextRuns({ pattern, timeZone, phrases }: ScheduleNextRunsProps) {
  const headingId = useId();
  const runs = useMemo(() => nextRuns(pattern, RUN_COUNT, timeZone), [pattern, timeZone]);
  const format = useMemo(
    () => new Intl.DateTimeFormat(phrases.intlLocale, { dateStyle: 'full', timeStyle: 'short', timeZone }),
    [phrases.intlLocale, timeZone],
  );

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={headingId}>
        {phrases.nextRuns}
      </Text>
      {runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {phrases.noRuns}
        </Text>
      ) : (
        <List size="sm" aria-labelledby={headingId}>
          {runs.map((run) => (
            <List.Item key={run.getTime()}>
              <time dateTime={run.toISOString()}>{format.format(run)}</time>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
