import type { MessageDescriptor } from 'react-intl';
import type { FieldIssue } from '../../machines/contactsTable/contacts.types.ts';
import { contactFormMessages as f } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

/** The text of each field issue the contacts area names at a field (the contact form, the segment editor's values). */
export const FIELD_ISSUES: Record<FieldIssue, MessageDescriptor> = {
  nameRequired: m.nameRequired,
  listRequired: m.listRequired,
  emailTaken: m.emailTaken,
  phoneTaken: m.phoneTaken,
  prefixRequired: m.prefixRequired,
  emailRequired: f.emailRequired,
  emailTooShort: f.emailTooShort,
  emailInvalid: f.emailInvalid,
  phoneDigits: m.phoneDigits,
  phoneLength: f.phoneLength,
  prefixInvalid: f.prefixInvalid,
  emailTooLong: f.emailTooLong,
  nameTooLong: f.nameTooLong,
  addressTooLong: f.addressTooLong,
  countryInvalid: f.countryInvalid,
  languageInvalid: f.languageInvalid,
  optionRequired: m.optionRequired,
  textRequired: m.textRequired,
  invalid: m.invalid,
};
