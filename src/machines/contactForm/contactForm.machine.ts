import { assign, setup } from 'xstate';
import { checkEmail } from '../../app/validation.ts';
import type { AttributeValues, Contact, FieldIssue } from '../contactsTable/contacts.types.ts';
import { saveContact } from './contactForm.actors.ts';

export interface ContactFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phonePrefix: string;
  phoneNumber: string;
  country: string;
  language: string;
  address: string;
  attributes: AttributeValues;
  listIds: number[];
  blocked: boolean;
}

export type SaveContactOutcome = { kind: 'saved'; contact: Contact } | { kind: 'rejected'; issues: Record<string, FieldIssue> };

export interface ContactFormContext {
  contact: Contact | null;
  values: ContactFormValues | null;
  issues: Record<string, FieldIssue>;
  error: 'saveFailed' | null;
  saved: Contact | null;
}

export type ContactFormEvent = { type: 'form.submit'; values: ContactFormValues };

/** The contract's limits on a contact's fields (ContactInput in openapi.yaml); the form's inputs carry them too. */
export const CONTACT_LIMITS = {
  email: 254,
  firstName: 100,
  lastName: 100,
  phonePrefix: 5,
  phoneNumber: 20,
  country: 2,
  language: 5,
  address: 500,
} as const;
const PHONE_MIN_DIGITS = 4;
const PHONE_PREFIX = /^\+?[0-9]{1,4}$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const LANGUAGE = /^[a-z]{2}(-[a-z]{2})?$/;

/**
 * Spec section 5: email required, at least 5 characters, valid; phone digits only; a prefix with a phone number. Then
 * the contract's limits, each named at its field: lengths, the prefix (1 to 4 digits, an optional +), the phone number
 * (4 to 20 digits), a two-letter country and a language code (`it`, `en-gb`; any case).
 */
export function checkContact(values: ContactFormValues): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  const email = checkEmail(values.email);
  if (email) out.email = email === 'required' ? 'emailRequired' : email === 'tooShort' ? 'emailTooShort' : 'emailInvalid';
  else if (values.email.trim().length > CONTACT_LIMITS.email) out.email = 'emailTooLong';
  const phone = values.phoneNumber.trim();
  const prefix = values.phonePrefix.trim();
  if (phone && !/^[0-9]+$/.test(phone)) out.phoneNumber = 'phoneDigits';
  else if (phone && (phone.length < PHONE_MIN_DIGITS || phone.length > CONTACT_LIMITS.phoneNumber)) out.phoneNumber = 'phoneLength';
  if (phone && !prefix) out.phonePrefix = 'prefixRequired';
  else if (prefix && !PHONE_PREFIX.test(prefix)) out.phonePrefix = 'prefixInvalid';
  if (values.firstName.trim().length > CONTACT_LIMITS.firstName) out.firstName = 'nameTooLong';
  if (values.lastName.trim().length > CONTACT_LIMITS.lastName) out.lastName = 'nameTooLong';
  if (values.country.trim() && !COUNTRY.test(values.country.trim())) out.country = 'countryInvalid';
  if (values.language.trim() && !LANGUAGE.test(values.language.trim().toLowerCase())) out.language = 'languageInvalid';
  if (values.address.trim().length > CONTACT_LIMITS.address) out.address = 'addressTooLong';
  return out;
}

/**
 * Create or edit one contact: `editing` checks the form (spec rules) → `saving` → `saved` (final, with the contact);
 * the server's field errors (email already in use, …) come back to `editing` as codes.
 */
export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    input: {} as { contact: Contact | null },
    output: {} as Contact | null,
  },
  actors: { saveContact },
  guards: {
    isValid: ({ event }) => Object.keys(checkContact(event.values)).length === 0,
    isSaved: (_, outcome: SaveContactOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignValues: assign(({ event }) => ({ values: event.values, issues: {}, error: null })),
    assignIssues: assign(({ event }) => ({ issues: checkContact(event.values), error: null })),
    assignOutcome: assign((_, outcome: SaveContactOutcome) => (outcome.kind === 'saved' ? { saved: outcome.contact } : { issues: outcome.issues })),
    failSave: assign({ error: 'saveFailed' as const }),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({ contact: input.contact, values: null, issues: {}, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: { 'form.submit': [{ guard: 'isValid', target: 'saving', actions: 'assignValues' }, { actions: 'assignIssues' }] },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveContact',
        src: 'saveContact',
        input: ({ context }) => ({ id: context.contact?.id ?? null, values: context.values! }),
        onDone: [
          { guard: { type: 'isSaved', params: ({ event }) => event.output }, target: 'saved', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
          { target: 'editing', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: 'failSave' },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});
