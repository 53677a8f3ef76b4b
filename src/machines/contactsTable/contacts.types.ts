import type { components } from '../../../shared/contract/schema';
import { CONTACT_RULES, type ContactTextField } from '../../../shared/fieldRules.ts';
import { FIELD_TEXTS, ruleText } from '../../../shared/fieldTexts.ts';

/** Contract types the contacts machines share. */
type S = components['schemas'];
export type Contact = S['Contact'];
export type ContactAttribute = S['ContactAttribute'];
export type AttributeType = ContactAttribute['type'];
export type ContactFolder = S['ContactFolder'];
export type ContactList = S['ContactList'];
export type ContactNote = S['ContactNote'];
export type ContactEvent = S['ContactEvent'];
export type ContactSelection = S['ContactSelection'];
export type ContactFilter = S['ContactFilter'];
export type ContactSort = S['ContactSort'];
export type ContactImport = S['ContactImport'];
export type ImportLimits = S['ContactImportLimits'];
export type ContactExport = S['ContactExport'];
export type ImportColumnTarget = S['ImportColumnTarget'];
export type Segment = S['Segment'];
export type SegmentGroup = S['SegmentGroup'];
export type SegmentCondition = S['SegmentCondition'];
export type SegmentOperator = S['SegmentOperator'];
export type ContactInput = S['ContactInput'];
export type ContactPatch = S['ContactPatch'];
export type AttributeValues = S['AttributeValues'];

/** A field error the server answers (English text) as a code the screens translate. */
export type FieldIssue =
  | 'nameRequired'
  | 'listRequired'
  | 'emailTaken'
  | 'phoneTaken'
  | 'prefixRequired'
  | 'emailRequired'
  | 'emailTooShort'
  | 'emailInvalid'
  | 'phoneDigits'
  | 'phoneLength'
  | 'prefixInvalid'
  | 'emailTooLong'
  | 'nameTooLong'
  | 'addressTooLong'
  | 'countryInvalid'
  | 'languageInvalid'
  | 'optionRequired'
  | 'textRequired'
  | 'invalid';

/** The server's texts: its own rules, and the contract's limits as the request validation words them. */
const T = FIELD_TEXTS;
/** The text the server answers when a contact field breaks one of its contract rules. */
const broke = (field: ContactTextField, keyword: 'maxLength' | 'minLength' | 'pattern') =>
  ruleText(field, { keyword, params: { limit: CONTACT_RULES[field][keyword], pattern: CONTACT_RULES[field].pattern } });
const KNOWN: Record<string, FieldIssue> = {
  [T.nameRequired]: 'nameRequired',
  [T.listRequired]: 'listRequired',
  [T.emailTaken]: 'emailTaken',
  [T.phoneTaken]: 'phoneTaken',
  [T.prefixRequired]: 'prefixRequired',
  [broke('phoneNumber', 'pattern')]: 'phoneDigits',
  [broke('phoneNumber', 'minLength')]: 'phoneLength',
  [broke('phoneNumber', 'maxLength')]: 'phoneLength',
  [broke('phonePrefix', 'pattern')]: 'prefixInvalid',
  [broke('email', 'maxLength')]: 'emailTooLong',
  [broke('firstName', 'maxLength')]: 'nameTooLong',
  [broke('lastName', 'maxLength')]: 'nameTooLong',
  [broke('address', 'maxLength')]: 'addressTooLong',
  [broke('country', 'pattern')]: 'countryInvalid',
  [broke('language', 'pattern')]: 'languageInvalid',
  [T.optionRequired]: 'optionRequired',
  [T.textRequired]: 'textRequired',
};

/** The first server message per field, as codes. */
export function toFieldIssues(errors: Record<string, string>): Record<string, FieldIssue> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, KNOWN[message] ?? 'invalid']));
}
