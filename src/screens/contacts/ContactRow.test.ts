import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import it_ from '../../i18n/it.json';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';
import { rowTexts } from './ContactRow.tsx';

const EMAILS = ['ada@example.com', "o'brien+{tag}@example.com", '#42', 'zoë@exämple.it', ''];

describe('rowTexts', () => {
  for (const [locale, messages] of [
    ['en', en],
    ['it', it_],
  ] as const) {
    it(`gives the rows of ${locale} the texts formatMessage gives`, () => {
      const intl = createIntl({ locale, messages });
      const texts = rowTexts(intl);
      for (const email of EMAILS) expect(texts.selectRow(email)).toBe(intl.formatMessage(t.selectRow, { email }));
      expect([texts.anonymised, texts.blocked, texts.active]).toEqual(
        [m.anonymised, m.blocked, m.active].map((d) => intl.formatMessage(d)),
      );
    });
  }

  it('formats per row a translation that does not name the email exactly once', () => {
    const intl = createIntl({ locale: 'en', messages: { [t.selectRow.id!]: 'Select {email} ({email})' } });
    expect(rowTexts(intl).selectRow('ada@example.com')).toBe('Select ada@example.com (ada@example.com)');
  });
});
