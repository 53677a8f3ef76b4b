import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import type { Channel } from '../../../shared/messaging.ts';
import type { MessageAudience } from '../../../shared/messageDrafts.ts';
import { toIssueCodes } from './messageWizard.issues.ts';
import type {
  ChecklistItem,
  LoadedMessage,
  MessageInput,
  MessageWizardInput,
  SaveOutcome,
  SendOutcome,
  TestSendOutcome,
} from './messageWizard.types.ts';

type Target = MessageWizardInput;
const path = ({ channel, id }: Target) => ({ params: { path: { channel, messageId: id } } });

/** The message and what the wizard offers to pick from, together: the wizard needs both to show anything. */
export const loadMessage = fromPromise<LoadedMessage, Target>(async ({ input }) => {
  const [message, options] = await Promise.all([
    api.GET('/channels/{channel}/messages/{messageId}', path(input)),
    api.GET('/channels/{channel}/message-options', { params: { path: { channel: input.channel } } }),
  ]);
  return { message: unwrap(message), options: unwrap(options) };
});

export const saveMessage = fromPromise<SaveOutcome, Target & { patch: MessageInput }>(async ({ input }) => {
  const result = await api.PATCH('/channels/{channel}/messages/{messageId}', { ...path(input), body: input.patch });
  if (result.response.status === 422) return { kind: 'rejected', issues: toIssueCodes(firstFieldErrors(result.error)) };
  if (result.response.status === 409) return { kind: 'locked' };
  return { kind: 'saved', message: unwrap(result) };
});

export const countAudience = fromPromise<number, { channel: Channel; audience: MessageAudience }>(async ({ input }) => {
  const result = await api.POST('/channels/{channel}/audience-count', {
    params: { path: { channel: input.channel } },
    body: input.audience,
  });
  return unwrap(result).count;
});

/** Aborted when the machine reads it again (a save ended meanwhile): only the newest answer counts. */
export const loadChecklist = fromPromise<ChecklistItem[], Target>(async ({ input, signal }) =>
  unwrap(await api.GET('/channels/{channel}/messages/{messageId}/checklist', { ...path(input), signal })),
);

export const sendTest = fromPromise<TestSendOutcome, Target & { addresses: string[] }>(async ({ input }) => {
  const result = await api.POST('/channels/{channel}/test-sends', {
    params: { path: { channel: input.channel } },
    body: { addresses: input.addresses, messageId: input.id },
  });
  if (result.response.status === 422) return { kind: 'rejected' };
  unwrap(result);
  return { kind: 'sent', addresses: input.addresses };
});

/**
 * Sends or schedules the message through the sending engine (`POST /channels/{channel}/messages/{id}/send`), which
 * refuses with 422 what the checklist blocks; then reads the message back as the wizard shows it.
 */
export const sendMessage = fromPromise<SendOutcome, Target>(async ({ input }) => {
  const sent = await api.POST('/channels/{channel}/messages/{messageId}/send', path(input));
  if (sent.response.status === 422) return { kind: 'refused' };
  const state = unwrap(sent);
  const message = unwrap(await api.GET('/channels/{channel}/messages/{messageId}', path(input)));
  return { kind: state.status === 'scheduled' ? 'scheduled' : 'sent', message };
});

export const deleteMessage = fromPromise<void, Target>(async ({ input }) => {
  unwrap(await api.DELETE('/channels/{channel}/messages/{messageId}', path(input)));
});

/**
 * Creates a draft on a channel and answers its id: the message console's "new campaign" action calls this, then
 * navigates to `messageWizardPath(channel, id)`.
 */
export async function createDraftMessage(channel: Channel, input: MessageInput = {}): Promise<number> {
  const result = await api.POST('/channels/{channel}/message-drafts', { params: { path: { channel } }, body: input });
  return unwrap(result).id;
}

/** Where the wizard of a message opens (its first step, or another). */
export const messageWizardPath = (channel: Channel, id: number, step = 0) =>
  `/multichannel/${channel}/${id}/step-${step}`;
