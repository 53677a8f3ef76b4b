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

/** Spec section 5: email required, at least 5 characters, valid; phone digits only; a prefix with a phone number. */
export function checkContact(values: ContactFormValues): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  const email = checkEmail(values.email);
  if (email) out.email = email === 'required' ? 'emailRequired' : email === 'tooShort' ? 'emailTooShort' : 'emailInvalid';
  const phone = values.phoneNumber.trim();
  if (phone && !/^[0-9]+$/.test(phone)) out.phoneNumber = 'phoneDigits';
  if (phone && !values.phonePrefix.trim()) out.phonePrefix = 'prefixRequired';
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
