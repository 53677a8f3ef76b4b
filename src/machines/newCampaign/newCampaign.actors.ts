import { fromPromise } from 'xstate';
import type { Channel } from '../../../shared/messaging.ts';
import { createDraftMessage } from '../messageWizard/messageWizard.actors.ts';

/** A new draft on the channel, made by the message wizard's create operation; the console then opens the wizard. */
export const createDraft = fromPromise<{ id: number }, { channel: Channel }>(async ({ input }) => ({
  id: await createDraftMessage(input.channel),
}));
