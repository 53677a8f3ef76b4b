import { da } from './da';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { it } from './it';
import { pt } from './pt';
import type { SchedulePhrases } from './types';
import { zh, zhCN } from './zh';

export type { DescribePhrases, FieldPhrase, SchedulePhrases } from './types';

/** Phrase tables by lower-case locale tag. */
export const SCHEDULE_PHRASES: Readonly<Record<string, SchedulePhrases>> = {
  en,
  de,
  pt,
  es,
  da,
  zh,
  'zh-cn': zhCN,
  it,
};

/** `zh-CN` → zh-cn, `pt-BR` → pt, anything unknown (or nothing) → English. */
export function resolvePhrases(locale: string | undefined): SchedulePhrases {
  const tag = (locale ?? '').toLowerCase().replace(/_/g, '-');
  const language = tag.split('-')[0] ?? '';
  return SCHEDULE_PHRASES[tag] ?? SCHEDULE_PHRASES[language] ?? en;
}
