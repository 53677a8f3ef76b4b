import { describe, expect, it } from 'vitest';
import type { ColumnTarget } from './mapping.ts';
import { readRow } from './rows.ts';

const FIELDS = [
  'email',
  'firstName',
  'lastName',
  'phonePrefix',
  'phoneNumber',
  'country',
  'language',
  'address',
] as const;
const headers = ['email', 'first', 'last', 'prefix', 'phone', 'country', 'language', 'address'];
const mapping: ColumnTarget[] = FIELDS.map((target) => ({ target }));
const row = (values: Partial<Record<(typeof FIELDS)[number], string>>) => FIELDS.map((field) => values[field] ?? '');
const read = (values: Partial<Record<(typeof FIELDS)[number], string>>) =>
  readRow(row(values), 2, mapping, headers, new Map());
const reasons = (values: Partial<Record<(typeof FIELDS)[number], string>>) => {
  const outcome = read(values);
  return 'errors' in outcome ? outcome.errors.map((e) => `${e.column}: ${e.reason}`) : [];
};

describe('an import row against the contract rules', () => {
  it('normalises a good row as the API stores it', () => {
    expect(
      read({
        email: 'Ada@Example.com',
        phonePrefix: '+39',
        phoneNumber: '(333) 123-45.67',
        country: 'it',
        language: 'EN_gb',
      }),
    ).toEqual({
      contact: expect.objectContaining({
        email: 'Ada@Example.com',
        key: 'ada@example.com',
        phone_prefix: '39',
        phone_number: '3331234567',
        country: 'IT',
        language: 'en-gb',
      }),
    });
    expect(read({ email: 'ada@example.com', phonePrefix: '0044', phoneNumber: '1234' })).toMatchObject({
      contact: { phone_prefix: '44' },
    });
  });

  it('names each broken rule at its column with the import texts', () => {
    expect(reasons({})).toEqual(['email: Email is required']);
    expect(reasons({ email: 'a@b' })).toEqual(['email: Email must be at least 5 characters']);
    expect(reasons({ email: 'ab@cd' })).toEqual(['email: Email must be a valid address']);
    expect(reasons({ email: `${'a'.repeat(250)}@example.com` })).toEqual(['email: Email must be a valid address']);
    const ok = { email: 'ada@example.com' };
    expect(reasons({ ...ok, phonePrefix: '39', phoneNumber: '12a4' })).toEqual([
      'phone: Phone number must contain only numbers',
    ]);
    expect(reasons({ ...ok, phonePrefix: '39', phoneNumber: '123' })).toEqual([
      'phone: Phone number must have 4 to 20 digits',
    ]);
    expect(reasons({ ...ok, phonePrefix: '39', phoneNumber: '1'.repeat(21) })).toEqual([
      'phone: Phone number must have 4 to 20 digits',
    ]);
    expect(reasons({ ...ok, phonePrefix: '++39', phoneNumber: '1234' })).toEqual([
      'prefix: Phone prefix must contain only numbers',
    ]);
    expect(reasons({ ...ok, phonePrefix: '39999', phoneNumber: '1234' })).toEqual([
      'prefix: Phone prefix must contain only numbers',
    ]);
    expect(reasons({ ...ok, phoneNumber: '1234' })).toEqual([
      'prefix: A prefix is required when a phone number is given',
    ]);
    expect(reasons({ ...ok, country: 'ITA' })).toEqual(['country: Country must be a two-letter code (ISO 3166)']);
    expect(reasons({ ...ok, language: 'english' })).toEqual(['language: Language must be a code such as en or it']);
    expect(reasons({ ...ok, firstName: 'x'.repeat(101), lastName: 'y'.repeat(101), address: 'z'.repeat(501) })).toEqual(
      [
        'first: First name must be at most 100 characters',
        'last: Last name must be at most 100 characters',
        'address: Address must be at most 500 characters',
      ],
    );
    expect(reasons({ ...ok, firstName: 'x'.repeat(100), address: 'z'.repeat(500) })).toEqual([]);
  });
});
