/**
 * The message area's field texts (422 `errors`) and defaults, defined once: the server answers them and the SPA maps
 * them to the codes its wizard translates.
 */
export const MESSAGE_FIELD_TEXTS = {
  notDraft: 'Only a draft can be changed',
  senderMissing: 'Sender does not exist',
  templateMissing: 'Template does not exist',
  segmentMissing: 'Segment does not exist',
  dateInvalid: 'Date and time are not valid',
  patternInvalid: 'Schedule pattern is not valid',
} as const;

/** The name a draft gets when none is given (the SPA sends a translated one). */
export const DEFAULT_MESSAGE_NAME = 'Untitled campaign';
/** Appended to a duplicate's name. */
export const COPY_SUFFIX = ' (copy)';
/** A message's name is at most this long (the contract and the table agree). */
export const MESSAGE_NAME_MAX_LENGTH = 200;

/** The recipients of a message: lists and segments to include and to exclude. */
export interface MessageAudience {
  includeLists?: number[];
  includeSegments?: number[];
  excludeLists?: number[];
  excludeSegments?: number[];
}
