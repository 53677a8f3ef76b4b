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

const BY_TEXT = new Map<string, IssueCode>([
  [FIELD_TEXTS.nameRequired, 'nameRequired'],
  [FIELD_TEXTS.listMissing, 'listMissing'],
  [FIELD_TEXTS.timeZoneInvalid, 'timeZoneInvalid'],
  [MESSAGE_FIELD_TEXTS.senderMissing, 'senderMissing'],
  [MESSAGE_FIELD_TEXTS.templateMissing, 'templateMissing'],
  [MESSAGE_FIELD_TEXTS.segmentMissing, 'segmentMissing'],
  [MESSAGE_FIELD_TEXTS.dateInvalid, 'dateInvalid'],
  [MESSAGE_FIELD_TEXTS.patternInvalid, 'patternInvalid'],
]);

/** Field → code; a text the wizard has no code for (a contract rule) is `invalid`. */
export function toIssueCodes(errors: Record<string, string>): Partial<Record<string, IssueCode>> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, BY_TEXT.get(text) ?? 'invalid']));
}
