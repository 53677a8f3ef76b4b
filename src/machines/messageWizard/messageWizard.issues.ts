import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { MESSAGE_FIELD_TEXTS } from '../../../shared/messageDrafts.ts';

/** The codes a refused autosave's field texts map to; the wizard translates codes, never the server's English. */
export const ISSUE_CODES = [
  'nameRequired',
  'listMissing',
  'timeZoneInvalid',
  'senderMissing',
  'templateMissing',
  'segmentMissing',
  'dateInvalid',
  'patternInvalid',
  'invalid',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

/** The server's field text behind each code (`invalid` stands for any other text). */
export const ISSUE_TEXTS: Record<Exclude<IssueCode, 'invalid'>, string> = {
  nameRequired: FIELD_TEXTS.nameRequired,
  listMissing: FIELD_TEXTS.listMissing,
  timeZoneInvalid: FIELD_TEXTS.timeZoneInvalid,
  senderMissing: MESSAGE_FIELD_TEXTS.senderMissing,
  templateMissing: MESSAGE_FIELD_TEXTS.templateMissing,
  segmentMissing: MESSAGE_FIELD_TEXTS.segmentMissing,
  dateInvalid: MESSAGE_FIELD_TEXTS.dateInvalid,
  patternInvalid: MESSAGE_FIELD_TEXTS.patternInvalid,
};

const BY_TEXT = new Map(Object.entries(ISSUE_TEXTS).map(([code, text]) => [text, code as IssueCode]));

/** Field → code; a text the wizard has no code for (a contract rule) is `invalid`. */
export function toIssueCodes(errors: Record<string, string>): Partial<Record<string, IssueCode>> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, BY_TEXT.get(text) ?? 'invalid']));
}
