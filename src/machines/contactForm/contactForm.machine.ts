import { assign, setup } from 'xstate';
import { CONTACT_RULES, textIssue, type ContactTextField } from '../../../shared/fieldRules.ts';
import { checkEmail } from '../../app/validation.ts';
import type { Contact, FieldIssue } from '../contactsTable/contacts.types.ts';
import { saveContact } from './contactForm.actors.ts';
import type {
  ContactFormValues,
  SaveContactOutcome,
  ContactFormContext,
  ContactFormEvent,
} from './contactForm.types.ts';

export type * from './contactForm.types.ts';

const issue = (field: ContactTextField, value: string) => (value ? textIssue(CONTACT_RULES[field], value) : null);

/**
 * Spec section 5: email required, at least 5 characters, valid; phone digits only; a prefix with a phone number. Then
 * the contract's rules on each field (ContactInput in openapi.yaml, read through shared/fieldRules.ts), each named at
 * its field: lengths, the prefix and phone number patterns, a two-letter country and a language code (any case).
 */
export function checkContact(values: ContactFormValues): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  const email = checkEmail(values.email);
  if (email)
    out.email = email === 'required' ? 'emailRequired' : email === 'tooShort' ? 'emailTooShort' : 'emailInvalid';
  else if (issue('email', values.email.trim()) === 'tooLong') out.email = 'emailTooLong';
  const phone = issue('phoneNumber', values.phoneNumber.trim());
  const prefix = values.phonePrefix.trim();
  if (phone) out.phoneNumber = phone === 'pattern' ? 'phoneDigits' : 'phoneLength';
  if (values.phoneNumber.trim() && !prefix) out.phonePrefix = 'prefixRequired';
  else if (issue('phonePrefix', prefix)) out.phonePrefix = 'prefixInvalid';
  if (issue('firstName', values.firstName.trim())) out.firstName = 'nameTooLong';
  if (issue('lastName', values.lastName.trim())) out.lastName = 'nameTooLong';
  if (issue('country', values.country.trim())) out.country = 'countryInvalid';
  if (issue('language', values.language.trim().toLowerCase())) out.language = 'languageInvalid';
  if (issue('address', values.address.trim())) out.address = 'addressTooLong';
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
    assignOutcome: assign((_, outcome: SaveContactOutcome) =>
      outcome.kind === 'saved' ? { saved: outcome.contact } : { issues: outcome.issues },
    ),
    failSave: assign({ error: 'saveFailed' as const }),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({ contact: input.contact, values: null, issues: {}, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'form.submit': [{ guard: 'isValid', target: 'saving', actions: 'assignValues' }, { actions: 'assignIssues' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveContact',
        src: 'saveContact',
        input: ({ context }) => ({ id: context.contact?.id ?? null, values: context.values! }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'saved',
            actions: { type: 'assignOutcome', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        ],
        onError: { target: 'editing', actions: 'failSave' },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});
