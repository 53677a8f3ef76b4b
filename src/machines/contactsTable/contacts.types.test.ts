import { describe, expect, it } from 'vitest';
import { toFieldIssues } from './contacts.types.ts';

describe('server field texts as codes', () => {
  it('maps every text the server answers for a contact field to its code', () => {
    const texts = {
      a: 'Please provide a name',
      b: 'At least one list is required',
      c: 'email already in use',
      d: 'phone number already in use',
      e: 'A prefix is required when a phone number is given',
      f: 'Phone number must contain only numbers',
      g: 'Phone number must be at least 4 characters',
      h: 'Phone number must be at most 20 characters',
      i: 'Phone prefix must contain only numbers',
      j: 'Email must be at most 254 characters',
      k: 'First name must be at most 100 characters',
      l: 'Last name must be at most 100 characters',
      m: 'Address must be at most 500 characters',
      n: 'Country is not valid',
      o: 'Language is not valid',
      p: 'Option is required',
      q: 'Text is required',
      r: 'Something the SPA has no code for',
    };
    expect(toFieldIssues(texts)).toEqual({
      a: 'nameRequired',
      b: 'listRequired',
      c: 'emailTaken',
      d: 'phoneTaken',
      e: 'prefixRequired',
      f: 'phoneDigits',
      g: 'phoneLength',
      h: 'phoneLength',
      i: 'prefixInvalid',
      j: 'emailTooLong',
      k: 'nameTooLong',
      l: 'nameTooLong',
      m: 'addressTooLong',
      n: 'countryInvalid',
      o: 'languageInvalid',
      p: 'optionRequired',
      q: 'textRequired',
      r: 'invalid',
    });
  });
});
