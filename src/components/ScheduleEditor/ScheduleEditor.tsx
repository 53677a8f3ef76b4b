import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { FIELDS, PERIODS, type Field, type Period, type ScheduleError, type Selections } from '../../../shared/cron';
import { describePattern } from './describe';
import { fieldOptions, type FieldOption } from './labels';
import { ScheduleNextRuns } from './ScheduleNextRuns';
import { resolvePhrases } from './phrases';
import { sentenceSlots, sentenceText } from './sentence';

export interface ScheduleEditorProps {
  /** From the schedule editor machine's snapshot. */
  period: Period;
  pattern: string;
  selections: Selections;
  error: ScheduleError | null;
  /** IANA time zone for the next run times, e.g. the user's `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
  timeZone: string;
  /** Language of the phrases: en (fallback), de, pt, es, da, zh, zh-cn, it; region tags fall back to the language. */
  locale?: string;
  onPeriodChange: (period: Period) => void;
  onValuesChange: (field: Field, values: number[]) => void;
  /** When given, a reset control is shown. */
  onClear?: () => void;
}

/** The schedule as a sentence of selects ("Every Year in every month …"), its description and its next runs. */
export function ScheduleEditor({
  period,
  pattern,
  selections,
  error,
  timeZone,
  locale,
  onPeriodChange,
  onValuesChange,
  onClear,
}: ScheduleEditorProps) {
  const phrases = resolvePhrases(locale);
  const options = useMemo(
    () =>
      Object.fromEntries(FIELDS.map((field) => [field, fieldOptions(field, phrases.intlLocale)])) as Record<
        Field,
        FieldOption[]
      >,
    [phrases.intlLocale],
  );
  const periodOptions = PERIODS.map((value) => ({ value, label: phrases.periods[value].label }));
  const description = describePattern(pattern, phrases);

  return (
    <Stack gap="xs" data-period={period} data-invalid={error !== null || undefined}>
      <Group gap="xs" align="center" role="group" aria-label={sentenceText(phrases, period, selections)}>
        <Text span>{phrases.periods[period].every}</Text>
        <Select<Period>
          aria-label={phrases.periodName}
          data={periodOptions}
          value={period}
          allowDeselect={false}
          onChange={(value) => value !== null && onPeriodChange(value)}
          w={140}
        />
        {sentenceSlots(phrases, period, selections).map((slot) => (
          <Group key={slot.field} gap="xs" align="center" wrap="nowrap">
            {slot.prefix !== '' && <Text span>{slot.prefix}</Text>}
            <MultiSelect<number>
              aria-label={phrases.fieldNames[slot.field]}
              data={options[slot.field]}
              value={[...selections[slot.field]]}
              placeholder={selections[slot.field].length === 0 ? slot.empty : undefined}
              onChange={(values) => onValuesChange(slot.field, values)}
              data-field={slot.field}
              clearable
              searchable
              miw={160}
            />
            {slot.suffix !== '' && <Text span>{slot.suffix}</Text>}
          </Group>
        ))}
        {onClear && (
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {phrases.reset}
          </Button>
        )}
      </Group>
      {error !== null && (
        <Text c="red" size="sm" role="alert" data-error={error}>
          {phrases.errors[error]}
        </Text>
      )}
      {description !== null && (
        <Text size="sm" data-testid="schedule-description">
          {description}
        </Text>
      )}
      <ScheduleNextRuns pattern={pattern} timeZone={timeZone} phrases={phrases} />
    </Stack>
  );
}
