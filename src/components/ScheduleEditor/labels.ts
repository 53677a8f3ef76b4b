import { FIELD_RANGES, type Field } from '../../../shared/cron';

export interface FieldOption {
  value: number;
  label: string;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The label of one value: minutes and hours two-digit, months and weekdays by locale name, days as numbers. */
export function valueLabel(field: Field, value: number, intlLocale: string): string {
  switch (field) {
    case 'minute':
    case 'hour':
      return twoDigits(value);
    case 'month':
      return new Intl.DateTimeFormat(intlLocale, { month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2021, value - 1, 1),
      );
    case 'dayOfWeek':
      // 3 January 2021 was a Sunday, so day 0 is Sunday as in cron.
      return new Intl.DateTimeFormat(intlLocale, { weekday: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2021, 0, 3 + value),
      );
    default:
      return String(value);
  }
}

/** Every value of a field as select options. */
export function fieldOptions(field: Field, intlLocale: string): FieldOption[] {
  const { min, max } = FIELD_RANGES[field];
  return Array.from({ length: max - min + 1 }, (_, i) => {
    const value = min + i;
    return { value, label: valueLabel(field, value, intlLocale) };
  });
}

/** `HH:MM`. */
export const timeLabel = (hour: number, minute: number): string => `${twoDigits(hour)}:${twoDigits(minute)}`;
