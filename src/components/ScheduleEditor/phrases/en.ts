import type { SchedulePhrases } from './types';

/** English, also the fallback for languages without a table. */
export const en: SchedulePhrases = {
  intlLocale: 'en',
  joiner: ' ',
  periods: {
    minute: { every: 'Every', label: 'Minute' },
    hour: { every: 'Every', label: 'Hour' },
    day: { every: 'Every', label: 'Day' },
    week: { every: 'Every', label: 'Week' },
    month: { every: 'Every', label: 'Month' },
    year: { every: 'Every', label: 'Year' },
  },
  fields: {
    month: { prefix: 'in', empty: 'every month' },
    dayOfMonth: { prefix: 'on', empty: 'every day' },
    dayOfWeek: { prefix: 'on', empty: 'every day of the week' },
    hour: { prefix: 'at', empty: 'every hour' },
    minute: { prefix: ':', empty: 'every minute' },
  },
  overrides: {
    hour: { minute: { prefix: 'at', empty: 'every', suffix: 'minute(s)' } },
    month: { dayOfWeek: { prefix: 'and' } },
    year: { dayOfWeek: { prefix: 'and' } },
  },
  fieldNames: {
    minute: 'Minutes',
    hour: 'Hours',
    dayOfMonth: 'Days of the month',
    month: 'Months',
    dayOfWeek: 'Days of the week',
  },
  periodName: 'Period',
  errors: { 'invalid pattern': 'invalid pattern', 'invalid selection': 'invalid selection' },
  describe: {
    everyMinute: 'every minute',
    atTimes: 'at {times}',
    minuteList: 'at minute {list}',
    minuteEvery: 'every {n} minutes',
    everyHour: 'every hour',
    hourList: 'past hour {list}',
    hourEvery: 'every {n} hours',
    everyDay: 'every day',
    dayList: 'on day {list} of the month',
    monthList: 'in {list}',
    weekdayList: 'on {list}',
    separator: ', ',
  },
  nextRuns: 'Next runs',
  noRuns: 'No upcoming runs',
  reset: 'Reset',
};
