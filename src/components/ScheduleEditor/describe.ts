import { parseSegment, patternToSelections, valuesToField, type Field, type ListItem } from '../../../shared/cron';
import { timeLabel, valueLabel } from './labels';
import type { SchedulePhrases } from './phrases';

const MAX_LISTED_TIMES = 6;

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * A plain-language description of a pattern ("At 12:05, every day"), or `null` when the pattern is not valid.
 * Up to six times read as "at 09:00 and 17:00"; otherwise minutes and hours in steps read as "every 15 minutes".
 * Other fields list their values and ranges (months and weekdays by name).
 */
export function describePattern(pattern: string, phrases: SchedulePhrases): string | null {
  const read = patternToSelections(pattern, 'year');
  if (!read.ok) return null;
  const { selections } = read;
  const locale = phrases.intlLocale;
  const d = phrases.describe;
  const and = (items: string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  const or = (items: string[]) => new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);

  const segmentOf = (field: Field) => parseSegment(valuesToField(selections[field], field) ?? '*', field);
  const everyOf = (field: Field): number | null => {
    const segment = segmentOf(field);
    return segment?.type === 'everyX' ? segment.every : null;
  };
  const listOf = (field: Field): string => {
    const segment = segmentOf(field);
    const items: ListItem[] =
      segment === null || segment.type === 'empty'
        ? []
        : segment.type === 'combined'
          ? [...segment.items]
          : segment.type === 'everyX'
            ? selections[field].map((value) => ({ type: 'value' as const, value }))
            : [segment];
    const label = (value: number) => valueLabel(field, value, locale);
    return and(
      items.map((item) => (item.type === 'value' ? label(item.value) : `${label(item.start)}–${label(item.end)}`)),
    );
  };

  const { minute, hour, dayOfMonth, month, dayOfWeek } = selections;
  const parts: string[] = [];
  let hoursInSteps = false;
  if (minute.length === 0 && hour.length === 0) {
    parts.push(d.everyMinute);
  } else if (minute.length > 0 && hour.length > 0 && minute.length * hour.length <= MAX_LISTED_TIMES) {
    parts.push(fill(d.atTimes, { times: and(hour.flatMap((h) => minute.map((m) => timeLabel(h, m)))) }));
  } else {
    const minuteEvery = everyOf('minute');
    if (minute.length === 0) parts.push(d.everyMinute);
    else if (minuteEvery !== null) parts.push(fill(d.minuteEvery, { n: String(minuteEvery) }));
    else parts.push(fill(d.minuteList, { list: listOf('minute') }));
    const hourEvery = everyOf('hour');
    if (hour.length === 0 && minuteEvery === null && minute.length > 0) parts.push(d.everyHour);
    else if (hourEvery !== null) {
      parts.push(fill(d.hourEvery, { n: String(hourEvery) }));
      hoursInSteps = true;
    } else if (hour.length > 0) parts.push(fill(d.hourList, { list: listOf('hour') }));
  }

  // Cron runs on a day that matches either the day of month or the day of week when both are chosen.
  const days = [
    dayOfMonth.length > 0 ? fill(d.dayList, { list: listOf('dayOfMonth') }) : null,
    dayOfWeek.length > 0 ? fill(d.weekdayList, { list: listOf('dayOfWeek') }) : null,
  ].filter((part): part is string => part !== null);
  if (days.length > 0) parts.push(or(days));
  if (month.length > 0) parts.push(fill(d.monthList, { list: listOf('month') }));
  if (days.length === 0 && month.length === 0 && hour.length > 0 && !hoursInSteps) parts.push(d.everyDay);

  const text = parts.join(d.separator);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
