/**
 * Custom attribute values, typed by their attribute: one set of rules for forms, the API and imports. Values are
 * stored in contacts.attributes as JSON of their type: text and category as strings, number as a number, date as
 * YYYY-MM-DD text, boolean as true or false.
 */
export type AttributeType = 'text' | 'number' | 'date' | 'boolean' | 'category';
export type AttributeValue = string | number | boolean;

export interface AttributeDef {
  id: number;
  name: string;
  type: AttributeType;
  options: string[];
}

export type ValueOutcome = { ok: true; value: AttributeValue | null } | { ok: false; message: string };

export const TEXT_VALUE_MAX = 1000;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'si', 'sì', 'vero']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'falso']);

/** A real calendar date as YYYY-MM-DD, or undefined. */
export function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Dates as YYYY-MM-DD (a time part is dropped) or, from files, DD/MM/YYYY and DD.MM.YYYY. */
export function parseDate(text: string, lenient: boolean): string | undefined {
  const iso = (
    lenient ? /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/ : /^(\d{4})-(\d{2})-(\d{2})$/
  ).exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (!lenient) return undefined;
  const european = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (european) return isoDate(Number(european[3]), Number(european[2]), Number(european[1]));
  return undefined;
}

function typeMessage(def: AttributeDef): string {
  switch (def.type) {
    case 'text':
      return `${def.name} must be text`;
    case 'number':
      return `${def.name} must be a number`;
    case 'date':
      return `${def.name} must be a date (YYYY-MM-DD)`;
    case 'boolean':
      return `${def.name} must be true or false`;
    case 'category':
      return `${def.name} must be one of: ${def.options.join(', ')}`;
  }
}

/**
 * Checks and normalises one value. JSON input (forms, API) must already have the attribute's JSON type; text input
 * (imports) is parsed: numbers with a dot or a decimal comma, dates also as DD/MM/YYYY, booleans as
 * true/false/yes/no/1/0 (and Italian sì/vero/falso), category options matched case-insensitively.
 * Empty text and null mean "no value".
 */
export function normaliseValue(def: AttributeDef, raw: unknown, source: 'json' | 'text'): ValueOutcome {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  const fail = (): ValueOutcome => ({ ok: false, message: typeMessage(def) });
  if (source === 'text' || typeof raw === 'string') {
    if (typeof raw !== 'string') return fail();
    const text = raw.trim();
    if (text === '') return { ok: true, value: null };
    switch (def.type) {
      case 'text':
        return text.length > TEXT_VALUE_MAX
          ? { ok: false, message: `${def.name} must be at most ${TEXT_VALUE_MAX} characters` }
          : { ok: true, value: text };
      case 'number': {
        if (source === 'json') return fail();
        const normalised =
          text.includes(',') && !text.includes('.') && text.split(',').length === 2 ? text.replace(',', '.') : text;
        if (!NUMBER_TEXT.test(normalised)) return fail();
        const n = Number(normalised);
        return Number.isFinite(n) ? { ok: true, value: n } : fail();
      }
      case 'date': {
        const date = parseDate(text, source === 'text');
        return date ? { ok: true, value: date } : fail();
      }
      case 'boolean': {
        if (source === 'json') return fail();
        const word = text.toLowerCase();
        if (TRUE_WORDS.has(word)) return { ok: true, value: true };
        if (FALSE_WORDS.has(word)) return { ok: true, value: false };
        return fail();
      }
      case 'category': {
        const exact = def.options.find((o) => o === text);
        if (exact !== undefined) return { ok: true, value: exact };
        if (source === 'text') {
          const folded = def.options.find((o) => o.toLowerCase() === text.toLowerCase());
          if (folded !== undefined) return { ok: true, value: folded };
        }
        return fail();
      }
    }
  }
  if (def.type === 'number') return typeof raw === 'number' && Number.isFinite(raw) ? { ok: true, value: raw } : fail();
  if (def.type === 'boolean') return typeof raw === 'boolean' ? { ok: true, value: raw } : fail();
  return fail();
}
