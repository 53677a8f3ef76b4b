import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { ContactOption, PreviewTarget, RenderedPreview } from './messagePreview.types.ts';

/** Contacts offered by the picker for one search. */
const CONTACTS_OFFERED = 20;

export const renderPreview = fromPromise<RenderedPreview, { target: PreviewTarget; contactId: number | null }>(
  async ({ input }) => {
    const { kind, channel, id } = input.target;
    const query = input.contactId === null ? {} : { contactId: input.contactId };
    if (kind === 'template') {
      const path = { channel, templateId: id };
      return unwrap(await api.GET('/channels/{channel}/templates/{templateId}/preview', { params: { path, query } }));
    }
    const path = { channel, messageId: id };
    return unwrap(await api.GET('/channels/{channel}/messages/{messageId}/preview', { params: { path, query } }));
  },
);

export const searchContacts = fromPromise<ContactOption[], string>(async ({ input }) => {
  const query = { perPage: CONTACTS_OFFERED, withTotal: false, ...(input ? { q: input } : {}) };
  const contacts = unwrap(await api.GET('/contacts', { params: { query } }));
  return contacts.map((c) => ({
    id: c.id,
    label: [[c.firstName, c.lastName].filter(Boolean).join(' '), c.email].filter(Boolean).join(' · '),
  }));
});
