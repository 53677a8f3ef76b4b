import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import { toFieldIssues } from '../contactsTable/contacts.types.ts';
import type { ContactFormValues, SaveContactOutcome } from './contactForm.types.ts';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const saveContact = fromPromise<SaveContactOutcome, { id: number | null; values: ContactFormValues }>(
  async ({ input }) => {
    const v = input.values;
    const fields = {
      email: v.email.trim(),
      firstName: orNull(v.firstName),
      lastName: orNull(v.lastName),
      phonePrefix: orNull(v.phonePrefix),
      phoneNumber: orNull(v.phoneNumber),
      country: orNull(v.country),
      // Language codes are lower case (`en-gb`); what was typed in capitals is taken as meant.
      language: orNull(v.language)?.toLowerCase() ?? null,
      address: orNull(v.address),
      attributes: v.attributes,
    };
    const result =
      input.id === null
        ? await api.POST('/contacts', { body: { ...fields, listIds: v.listIds, blocked: v.blocked } })
        : await api.PATCH('/contacts/{contactId}', { params: { path: { contactId: input.id } }, body: fields });
    if (result.response.status === 422)
      return {
        kind: 'rejected',
        issues: toFieldIssues(firstFieldErrors(result.error)),
      };
    return { kind: 'saved', contact: unwrap(result) };
  },
);
