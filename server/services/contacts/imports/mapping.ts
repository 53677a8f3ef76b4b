import type { components } from '../../../../shared/contract/schema.d.ts';
import type { AttributeDef } from '../values.ts';

export type ColumnTarget = components['schemas']['ImportColumnTarget'];
export type FieldTarget = Exclude<ColumnTarget['target'], 'skip' | 'attribute'>;

/** Header words (English and Italian), normalised, that name each contact field. */
const SYNONYMS: Record<FieldTarget, string[]> = {
  email: [
    'email',
    'e-mail',
    'mail',
    'email address',
    'e-mail address',
    'indirizzo email',
    'indirizzo e-mail',
    'posta elettronica',
    'posta',
  ],
  firstName: ['first name', 'firstname', 'given name', 'name', 'forename', 'nome', 'nome proprio'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'cognome'],
  phonePrefix: [
    'prefix',
    'phone prefix',
    'calling code',
    'dial code',
    'international prefix',
    'prefisso',
    'prefisso internazionale',
    'prefisso telefonico',
  ],
  phoneNumber: [
    'phone',
    'phone number',
    'telephone',
    'mobile',
    'mobile phone',
    'mobile number',
    'cell',
    'cellphone',
    'sms',
    'telefono',
    'numero di telefono',
    'cellulare',
    'numero',
  ],
  country: ['country', 'country code', 'nation', 'paese', 'nazione'],
  language: ['language', 'lang', 'locale', 'lingua'],
  address: ['address', 'street', 'street address', 'postal address', 'indirizzo', 'indirizzo postale'],
};

/** Lower case, accents and punctuation folded to spaces: "E-mail " and "e mail" match, "Città" is "citta". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const LOOKUP = new Map<string, FieldTarget>();
for (const [target, words] of Object.entries(SYNONYMS) as [FieldTarget, string[]][]) {
  for (const word of words) {
    const key = normaliseHeader(word);
    if (!LOOKUP.has(key)) LOOKUP.set(key, target);
  }
}

/**
 * A target per column: an attribute whose name matches the header, else a field whose English or Italian name
 * matches, else skip. Each field and attribute is taken by its first matching column only.
 */
export function suggestMapping(headers: string[], attributes: Iterable<AttributeDef>): ColumnTarget[] {
  const byName = new Map<string, AttributeDef>();
  for (const def of attributes) byName.set(normaliseHeader(def.name), def);
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const attribute = byName.get(key);
    if (attribute && !taken.has(`a${attribute.id}`)) {
      taken.add(`a${attribute.id}`);
      return { target: 'attribute', attributeId: attribute.id };
    }
    const field = LOOKUP.get(key);
    if (field && !taken.has(field)) {
      taken.add(field);
      return { target: field };
    }
    return { target: 'skip' };
  });
}
