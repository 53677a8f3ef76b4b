/**
 * Field rules read from the contract's component schemas (shared/contract/schemas.ts, generated from
 * openapi/openapi.yaml). The server validates with ajv compiled from the same schemas; the SPA's forms check these
 * rules before sending, so a limit changed in the contract changes both sides.
 */
import { ContactInput, Email, NewPassword } from './contract/schemas.ts';

export interface TextRule {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export type TextIssue = 'pattern' | 'tooShort' | 'tooLong';

/** The contact fields a form edits as text, with their rules (ContactInput's properties). */
export const CONTACT_TEXT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phonePrefix',
  'phoneNumber',
  'country',
  'language',
  'address',
] as const;
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number];

export const CONTACT_RULES: Record<ContactTextField, TextRule> = ContactInput.properties;
/** The fields a new contact cannot go without. */
export const CONTACT_REQUIRED: readonly string[] = ContactInput.required;
export const EMAIL_RULE: TextRule = Email;
export const PASSWORD_RULE: TextRule = NewPassword;

/**
 * The most characters a pattern can match, for the small regular expressions the contract uses: literals, escapes,
 * character classes, groups with `|`, and the quantifiers `?`, `{n}`, `{n,m}`. Unbounded ones (`*`, `+`, `{n,}`)
 * give Infinity; anything else throws, so a contract pattern this cannot read fails the unit test, not a form.
 */
export function longestMatch(pattern: string): number {
  let at = 0;
  const sequence = (): number => {
    let best = 0;
    let total = 0;
    while (at < pattern.length && pattern[at] !== ')') {
      const c = pattern[at]!;
      if (c === '|') {
        best = Math.max(best, total);
        total = 0;
        at++;
        continue;
      }
      let size: number;
      if (c === '^' || c === '$') {
        at++;
        continue;
      } else if (c === '(') {
        at++;
        if (pattern.startsWith('?:', at)) at += 2;
        size = sequence();
        if (pattern[at] !== ')') throw new Error(`Unclosed group in ${pattern}`);
        at++;
      } else if (c === '[') {
        const end = pattern.indexOf(']', at + 2);
        if (end < 0) throw new Error(`Unclosed class in ${pattern}`);
        at = end + 1;
        size = 1;
      } else if (c === '\\') {
        at += 2;
        size = 1;
      } else if ('*+{}?'.includes(c)) {
        throw new Error(`Unsupported pattern ${pattern}`);
      } else {
        at++;
        size = 1;
      }
      total += size * repeat();
    }
    return Math.max(best, total);
  };
  const repeat = (): number => {
    const c = pattern[at];
    if (c === '?') return (at++, 1);
    if (c === '*' || c === '+') return (at++, Infinity);
    if (c !== '{') return 1;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (!match) throw new Error(`Unsupported quantifier in ${pattern}`);
    at += match[0].length;
    if (match[2] === undefined) return Number(match[1]);
    return match[3] ? Number(match[3]) : Infinity;
  };
  const size = sequence();
  if (at !== pattern.length) throw new Error(`Unbalanced ${pattern}`);
  return size;
}

/** What an input may hold at most: the field's maxLength, or the longest text its pattern accepts. */
export function inputLimit(rule: TextRule): number | undefined {
  const limit = Math.min(rule.maxLength ?? Infinity, rule.pattern ? longestMatch(rule.pattern) : Infinity);
  return Number.isFinite(limit) ? limit : undefined;
}

export const CONTACT_LIMITS = Object.fromEntries(
  CONTACT_TEXT_FIELDS.map((field) => [field, inputLimit(CONTACT_RULES[field])]),
) as Record<ContactTextField, number | undefined>;

const patterns = new Map<string, RegExp>();
const regexp = (pattern: string) => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
};

/**
 * Checks a non-empty text against a rule the way ajv does (lengths in code points, `pattern` as a Unicode regular
 * expression); the pattern is checked first, since a text of the wrong kind is wrong at any length.
 */
export function textIssue(rule: TextRule, value: string): TextIssue | null {
  if (rule.pattern && !regexp(rule.pattern).test(value)) return 'pattern';
  const length = [...value].length;
  if (rule.minLength !== undefined && length < rule.minLength) return 'tooShort';
  if (rule.maxLength !== undefined && length > rule.maxLength) return 'tooLong';
  return null;
}
