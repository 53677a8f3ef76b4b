import type { MessageAudience } from '../../../shared/messageDrafts.ts';
import type { Message, MessageInput } from './messageWizard.types.ts';

/** The fields that pick recipients: a change to one of them is counted again. */
export const AUDIENCE_FIELDS = ['includeLists', 'includeSegments', 'excludeLists', 'excludeSegments'] as const;

export const isAudiencePatch = (patch: MessageInput) => AUDIENCE_FIELDS.some((field) => field in patch);

export const audienceOf = (draft: MessageInput): MessageAudience =>
  Object.fromEntries(AUDIENCE_FIELDS.map((field) => [field, draft[field] ?? []]));

/** Recipients come from included lists and segments; excluding alone reaches no one. */
export const hasAudience = (draft: MessageInput) =>
  (draft.includeLists?.length ?? 0) + (draft.includeSegments?.length ?? 0) > 0;

/** A test address: something@domain.tld, as the contract's email format takes it. */
export const isTestAddress = (address: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);

/** The form's values from a saved message: every editable field. */
export function draftOf(message: Message): MessageInput {
  return {
    name: message.name,
    subject: message.subject,
    previewText: message.previewText,
    fromName: message.fromName,
    senderId: message.senderId,
    replyTo: message.replyTo,
    type: message.type,
    category: message.category,
    templateId: message.templateId,
    design: message.design,
    source: message.source,
    html: message.html,
    text: message.text,
    embedImages: message.embedImages,
    mirrorLink: message.mirrorLink,
    includeLists: message.includeLists,
    includeSegments: message.includeSegments,
    excludeLists: message.excludeLists,
    excludeSegments: message.excludeSegments,
    schedule: message.schedule,
  };
}
