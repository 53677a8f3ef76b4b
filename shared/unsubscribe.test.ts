import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNSUBSCRIBE_SETTINGS,
  unsubscribeLanguage,
  unsubscribePageHtml,
  withUnsubscribeDefaults,
} from './unsubscribe.ts';

describe('unsubscribe page', () => {
  it("picks the contact's language, English when not en or it", () => {
    expect(unsubscribeLanguage('it')).toBe('it');
    expect(unsubscribeLanguage('it-ch')).toBe('it');
    expect(unsubscribeLanguage('de')).toBe('en');
    expect(unsubscribeLanguage(null)).toBe('en');
  });

  it('escapes every text and list name and refuses colours that are not #rrggbb', () => {
    const settings = withUnsubscribeDefaults({
      texts: { en: { title: '"><img src=x onerror=alert(1)>' } },
      colours: { background: 'red}body{background:url(https://evil.example)' },
      offerLists: true,
    });
    const html = unsubscribePageHtml({
      settings,
      language: 'en',
      view: 'form',
      action: '/u/abc',
      lists: [{ id: 3, name: '<b>VIP</b>' }],
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>VIP');
    expect(html).toContain('&lt;b&gt;VIP&lt;/b&gt;');
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`background:${DEFAULT_UNSUBSCRIBE_SETTINGS.colours.background}`);
  });

  it('completes stored settings with the defaults', () => {
    expect(withUnsubscribeDefaults({})).toEqual(DEFAULT_UNSUBSCRIBE_SETTINGS);
    expect(withUnsubscribeDefaults({ texts: { it: { button: 'Esci' } } }).texts.it).toEqual({
      ...DEFAULT_UNSUBSCRIBE_SETTINGS.texts.it,
      button: 'Esci',
    });
  });
});
