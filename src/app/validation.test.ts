import { describe, expect, it } from 'vitest';
import { checkCode, checkConfirmation, checkEmail, checkPassword, issues } from './validation.ts';
import { safeReturnPath } from './navigation.ts';
import { resolveLanguage } from '../i18n/languages.ts';

describe('form rules', () => {
  it('email: required, at least 5 characters, a valid address', () => {
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('a@b')).toBe('tooShort');
    expect(checkEmail('not-an-email')).toBe('invalid');
    expect(checkEmail(' ada@example.com ')).toBeNull();
  });

  it('password: required, at least 5 characters; confirmation must match', () => {
    expect(checkPassword('')).toBe('required');
    expect(checkPassword('1234')).toBe('tooShort');
    expect(checkPassword('12345')).toBeNull();
    expect(checkConfirmation('a', 'b')).toBe('mismatch');
  });

  it('2FA code: six digits or a recovery code', () => {
    expect(checkCode('')).toBe('required');
    expect(checkCode('123 456')).toBeNull();
    expect(checkCode('abcde-12345')).toBeNull();
    expect(checkCode('12')).toBe('invalid');
  });

  it('drops empty issues', () => {
    expect(issues({ a: null, b: 'x' })).toEqual({ b: 'x' });
  });

  it('follows only same-origin paths after login', () => {
    expect(safeReturnPath('/contacts?x=1')).toBe('/contacts?x=1');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });

  it('resolves stored languages: Italian, else English', () => {
    expect(resolveLanguage('it')).toBe('it');
    expect(resolveLanguage('it-CH')).toBe('it');
    expect(resolveLanguage('de')).toBe('en');
    expect(resolveLanguage(null)).toBe('en');
  });
});
