import { PERIOD_FIELDS, type Field, type Period, type Selections } from '../../../shared/cron';
import { valueLabel } from './labels';
import type { FieldPhrase, SchedulePhrases } from './phrases';

/** One field of the sentence with the words around it, for the current values. */
export interface SentenceSlot {
  field: Field;
  prefix: string;
  /** Shown when the field is empty ("every hour"). */
  empty: string;
  suffix: string;
}

function phraseFor(phrases: SchedulePhrases, period: Period, field: Field): FieldPhrase {
  return { ...phrases.fields[field], ...phrases.overrides[period]?.[field] };
}

/** The sentence's fields in order, each with the words that suit an empty or a filled field. */
export function sentenceSlots(phrases: SchedulePhrases, period: Period, selections: Selections): SentenceSlot[] {
  return PERIOD_FIELDS[period].map((field) => {
    const phrase = phraseFor(phrases, period, field);
    const isEmpty = selections[field].length === 0;
    return {
      field,
      prefix: isEmpty ? (phrase.emptyPrefix ?? phrase.prefix) : phrase.prefix,
      empty: phrase.empty,
      suffix: (isEmpty ? (phrase.emptySuffix ?? phrase.suffix) : phrase.suffix) ?? '',
    };
  });
}

/** The whole sentence as text, reading selected values by their labels ("Every Hour at every minute(s)"). */
export function sentenceText(phrases: SchedulePhrases, period: Period, selections: Selections): string {
  const words = [phrases.periods[period].every, phrases.periods[period].label];
  for (const slot of sentenceSlots(phrases, period, selections)) {
    const values = selections[slot.field];
    const shown =
      values.length === 0 ? slot.empty : values.map((v) => valueLabel(slot.field, v, phrases.intlLocale)).join(', ');
    words.push(slot.prefix, shown, slot.suffix);
  }
  return words.filter((word) => word !== '').join(phrases.joiner);
}
