import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import { formFieldErrors, senderBody } from './senderFormValues.ts';
import type {
  DeleteOutcome,
  ResendOutcome,
  SaveSenderOutcome,
  SenderFormValues,
  SenderSettingsData,
  SendingDomain,
} from './senderSettings.types.ts';

const channel = { channel: 'email' } as const;

export const loadSenderSettings = fromPromise<SenderSettingsData>(async () => {
  const [senders, domains] = await Promise.all([
    api.GET('/channels/{channel}/senders', { params: { path: channel } }),
    api.GET('/sending-domains'),
  ]);
  return { senders: unwrap(senders), domains: unwrap(domains) };
});

/** A 409 (an unfinished campaign uses the sender) is an expected outcome; anything else but a 204 throws. */
export const deleteSender = fromPromise<DeleteOutcome, { senderId: number }>(async ({ input }) => {
  const result = await api.DELETE('/channels/{channel}/senders/{senderId}', {
    params: { path: { ...channel, senderId: input.senderId } },
  });
  if (result.response.status === 409) return { kind: 'inUse' };
  unwrap(result);
  return { kind: 'deleted' };
});

/** A 429 (a link was sent less than a minute ago) is an expected outcome. */
export const resendVerification = fromPromise<ResendOutcome, { senderId: number }>(async ({ input }) => {
  const result = await api.POST('/channels/{channel}/senders/{senderId}/verification', {
    params: { path: { ...channel, senderId: input.senderId } },
  });
  if (result.response.status === 429) return { kind: 'tooSoon' };
  return { kind: 'sent', sender: unwrap(result) };
});

export const checkDomain = fromPromise<SendingDomain, { domainId: number }>(async ({ input }) => {
  return unwrap(await api.POST('/sending-domains/{domainId}/dns-check', { params: { path: input } }));
});

/** Creates or updates; a 422 comes back as field error codes. */
export const saveSender = fromPromise<SaveSenderOutcome, { senderId: number | null; values: SenderFormValues }>(
  async ({ input }) => {
    const body = senderBody(input.values, input.senderId !== null);
    const result =
      input.senderId === null
        ? await api.POST('/channels/{channel}/senders', { params: { path: channel }, body })
        : await api.PATCH('/channels/{channel}/senders/{senderId}', {
            params: { path: { ...channel, senderId: input.senderId } },
            body,
          });
    if (result.response.status === 422) {
      return { kind: 'rejected', errors: formFieldErrors(firstFieldErrors(result.error)) };
    }
    return { kind: 'saved', sender: unwrap(result) };
  },
);
