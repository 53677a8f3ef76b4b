/**
 * The field texts the server answers in a 422's `errors` (spec section 5 words several of them), defined once: the
 * server writes them and the SPA maps them to the codes its screens translate.
 */
export const FIELD_TEXTS = {
  nameRequired: 'Please provide a name',
  urlRequired: 'Please provide an url',
  listRequired: 'At least one list is required',
  emailTaken: 'email already in use',
  phoneTaken: 'phone number already in use',
  prefixRequired: 'A prefix is required when a phone number is given',
  optionRequired: 'Option is required',
  textRequired: 'Text is required',
  listMissing: 'List does not exist',
  attributeMissing: 'Attribute does not exist',
  folderMissing: 'Folder does not exist',
  timeZoneInvalid: 'Time zone is not valid',
} as const;

/** One failed schema rule, as ajv reports it (`keyword` and `params` of an ErrorObject). */
export interface RuleFailure {
  keyword: string;
  params: Record<string, unknown>;
}

/** "firstName" → "First name", "contact.phonePrefix" → "Phone prefix". */
export function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function article(type: string): string {
  if (type === 'null') return 'empty';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * The contract's pattern for text that PostgreSQL can store: no NUL character and no lone UTF-16 surrogate (which
 * jsonb refuses). Ajv compiles patterns with the `u` flag, so a pair that spells an emoji is one character and passes.
 */
export const TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** The text the server answers when a field breaks one of the contract's schema rules. */
export function ruleText(field: string, { keyword, params: p }: RuleFailure): string {
  const label = fieldLabel(field);
  switch (keyword) {
    case 'required':
      return `${label} is required`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${label} is required` : `${label} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${label} must be at most ${p.limit} characters`;
    case 'format':
      return p.format === 'email' ? `${label} must be a valid address` : `${label} must be a valid ${p.format}`;
    case 'type':
      return `${label} must be ${Array.isArray(p.type) ? p.type.map(article).join(' or ') : article(String(p.type))}`;
    case 'enum':
      return `${label} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
      return `${label} must be at least ${p.limit}`;
    case 'maximum':
      return `${label} must be at most ${p.limit}`;
    case 'pattern':
      if (p.pattern === TEXT_PATTERN) return `${label} contains a character that is not allowed`;
      return /0-9/.test(String(p.pattern)) ? `${label} must contain only numbers` : `${label} is not valid`;
    case 'additionalProperties':
      return `${fieldLabel(String(p.additionalProperty))} is not allowed`;
    case 'minItems':
      return `${label} needs at least ${p.limit} item(s)`;
    case 'maxItems':
      return `${label} takes at most ${p.limit} item(s)`;
    case 'minProperties':
      return 'Nothing to change';
    case 'maxDepth':
      return `${label} nests more than ${p.limit} levels deep`;
    default:
      return `${label} is not valid`;
  }
}
