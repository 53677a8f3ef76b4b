import type { Field, Period, ScheduleError } from '../../../../shared/cron';

/** The words around one field of the sentence: `prefix [select] suffix`. */
export interface FieldPhrase {
  /** Before the field when it holds values ("on" 5). */
  prefix: string;
  /** Shown in the empty field ("every hour"). */
  empty: string;
  /** Before the empty field, when it differs from `prefix` (German "an jedem Tag" but "am 5"). */
  emptyPrefix?: string;
  /** After the field ("minute(s)"). */
  suffix?: string;
  /** After the empty field, when it differs from `suffix`. */
  emptySuffix?: string;
}

/** Templates for the plain-language description; `{list}`, `{times}` and `{n}` are filled in. */
export interface DescribePhrases {
  everyMinute: string;
  atTimes: string;
  minuteList: string;
  minuteEvery: string;
  everyHour: string;
  hourList: string;
  hourEvery: string;
  everyDay: string;
  dayList: string;
  monthList: string;
  weekdayList: string;
  /** Between the parts of the description. */
  separator: string;
}

export interface SchedulePhrases {
  /** BCP 47 tag used for Intl month and weekday names, lists and run times. */
  intlLocale: string;
  /** Between the words of the sentence when read as one string (`''` for Chinese). */
  joiner: string;
  /** The sentence opens with `every` and the period select showing `label`. */
  periods: Record<Period, { every: string; label: string }>;
  fields: Record<Field, FieldPhrase>;
  /** Per-period changes to a field's words (English hour: "at every minute(s)"). */
  overrides: Partial<Record<Period, Partial<Record<Field, Partial<FieldPhrase>>>>>;
  /** Accessible names of the selects. */
  fieldNames: Record<Field, string>;
  periodName: string;
  errors: Record<ScheduleError, string>;
  describe: DescribePhrases;
  nextRuns: string;
  noRuns: string;
  reset: string;
}
