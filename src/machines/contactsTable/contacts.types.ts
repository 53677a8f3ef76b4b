import type { components } from '../../../shared/contract/schema';

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
const KNOWN: Record<string, FieldIssue> = {
  'Please provide a name': 'nameRequired',
  'At least one list is required': 'listRequired',
  'email already in use': 'emailTaken',
  'phone number already in use': 'phoneTaken',
  'A prefix is required when a phone number is given': 'prefixRequired',
  'Phone number must contain only numbers': 'phoneDigits',
  'Phone number must be at least 4 characters': 'phoneLength',
  'Phone number must be at most 20 characters': 'phoneLength',
  'Phone prefix must contain only numbers': 'prefixInvalid',
  'Email must be at most 254 characters': 'emailTooLong',
  'First name must be at most 100 characters': 'nameTooLong',
  'Last name must be at most 100 characters': 'nameTooLong',
  'Address must be at most 500 characters': 'addressTooLong',
  'Country is not valid': 'countryInvalid',
  'Language is not valid': 'languageInvalid',
  'Option is required': 'optionRequired',
  'Text is required': 'textRequired',
};

/** The first server message per field, as codes. */
export function toFieldIssues(errors: Record<string, string>): Record<string, FieldIssue> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, KNOWN[message] ?? 'invalid']));
}
