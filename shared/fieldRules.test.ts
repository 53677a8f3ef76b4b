import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, CONTACT_RULES, inputLimit, longestMatch, textIssue } from './fieldRules.ts';

describe('field rules read from the contract', () => {
  it('gives each contact input the longest text the contract accepts', () => {
    expect(CONTACT_LIMITS).toEqual({
      email: 254,
      firstName: 100,
      lastName: 100,
      phonePrefix: 5,
      phoneNumber: 20,
      country: 2,
      language: 5,
      address: 500,
    });
  });

  it('reads the longest match of the small patterns the contract uses', () => {
    expect(longestMatch('^\\+?[0-9]{1,4}$')).toBe(5);
    expect(longestMatch('^[A-Za-z]{2}$')).toBe(2);
    expect(longestMatch('^[a-z]{2}(-[a-z]{2})?$')).toBe(5);
    expect(longestMatch('^(ab|cde)x$')).toBe(4);
    expect(longestMatch('^[0-9]+$')).toBe(Infinity);
    expect(longestMatch('^[0-9]{3,}$')).toBe(Infinity);
    expect(inputLimit({ pattern: '^[0-9]+$' })).toBeUndefined();
    expect(() => longestMatch('^a{2$')).toThrow();
    expect(() => longestMatch('^(ab$')).toThrow();
  });

  it('checks a text the way the server does: pattern first, then lengths in code points', () => {
    expect(textIssue(CONTACT_RULES.phoneNumber, '12a')).toBe('pattern');
    expect(textIssue(CONTACT_RULES.phoneNumber, '123')).toBe('tooShort');
    expect(textIssue(CONTACT_RULES.phoneNumber, '1'.repeat(21))).toBe('tooLong');
    expect(textIssue(CONTACT_RULES.phoneNumber, '3331234567')).toBeNull();
    expect(textIssue(CONTACT_RULES.firstName, '😀'.repeat(100))).toBeNull();
    expect(textIssue(CONTACT_RULES.firstName, '😀'.repeat(101))).toBe('tooLong');
    expect(textIssue(CONTACT_RULES.language, 'en-gb')).toBeNull();
    expect(textIssue(CONTACT_RULES.language, 'EN')).toBe('pattern');
  });
});
