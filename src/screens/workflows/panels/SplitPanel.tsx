import { Button, Group, NumberInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { panelMessages as p } from '../WorkflowEditorScreen.messages.ts';
import type { StepPanelProps } from './panelProps.ts';

/** A/B split: each cohort's share in percent; cohorts can be added (up to ten) and removed (down to two). */
export function SplitPanel({ config, disabled, onConfigure }: StepPanelProps<'split'>) {
  const intl = useIntl();
  const { cohorts } = config;
  const nextKey = 'abcdefghij'.split('').find((k) => !cohorts.some((c) => c.key === k));
  return (
    <>
      {cohorts.map((cohort, i) => (
        <Group key={cohort.key} align="flex-end" gap="xs">
          <NumberInput
            label={intl.formatMessage(p.cohortPercent, { cohort: cohort.key.toUpperCase() })}
            disabled={disabled}
            min={0}
            max={100}
            value={cohort.percent}
            onChange={(v) =>
              onConfigure({
                cohorts: cohorts.map((c, j) => (j === i ? { ...c, percent: Number(v) || 0 } : c)),
              })
            }
          />
          {cohorts.length > 2 ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              disabled={disabled}
              onClick={() => onConfigure({ cohorts: cohorts.filter((_, j) => j !== i) })}
            >
              {intl.formatMessage(p.removeCohort, { cohort: cohort.key.toUpperCase() })}
            </Button>
          ) : null}
        </Group>
      ))}
      {nextKey ? (
        <Button
          variant="light"
          size="xs"
          disabled={disabled}
          onClick={() => onConfigure({ cohorts: [...cohorts, { key: nextKey, percent: 0 }] })}
        >
          {intl.formatMessage(p.addCohort)}
        </Button>
      ) : null}
    </>
  );
}
