import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  contactFormEventFixtures as e,
  contactFormModel,
  contactFormOutputFixtures as o,
  storedContact,
} from '../../../tests/model/contactForm.model.ts';
import type { Contact } from '../contactsTable/contacts.types.ts';
import {
  checkContact,
  contactFormMachine,
  type ContactFormValues,
  type SaveContactOutcome,
} from './contactForm.machine.ts';

describeModel(contactFormModel);

type SaveInput = { id: number | null; values: ContactFormValues };

function start(contact: Contact | null, outcomes: SaveContactOutcome[], sent: SaveInput[]) {
  return createActor(
    contactFormMachine.provide({
      actors: {
        saveContact: fromPromise<SaveContactOutcome, SaveInput>(async ({ input }) => {
          sent.push(input);
          return outcomes.shift() ?? o.saveContact.saved;
        }),
      },
    }),
    { input: { contact } },
  ).start();
}

describe('contact form machine at runtime', () => {
  it('checks the spec rules before any call', () => {
    expect(checkContact(e['form.submit'][1]!.values)).toEqual({
      email: 'emailTooShort',
      phoneNumber: 'phoneDigits',
      phonePrefix: 'prefixRequired',
    });
    expect(checkContact(e['form.submit'][2]!.values)).toEqual({ email: 'emailRequired' });
    expect(checkContact({ ...e['form.submit'][0]!.values, email: 'ada@example' })).toEqual({ email: 'emailInvalid' });
    expect(checkContact(e['form.submit'][3]!.values)).toEqual({
      email: 'emailTooLong',
      firstName: 'nameTooLong',
      lastName: 'nameTooLong',
      phonePrefix: 'prefixInvalid',
      phoneNumber: 'phoneLength',
      country: 'countryInvalid',
      language: 'languageInvalid',
      address: 'addressTooLong',
    });
    const sent: SaveInput[] = [];
    const actor = start(null, [], sent);
    actor.send(e['form.submit'][1]!);
    expect(actor.getSnapshot().context.issues).toEqual({
      email: 'emailTooShort',
      phoneNumber: 'phoneDigits',
      phonePrefix: 'prefixRequired',
    });
    expect(sent).toEqual([]);
  });

  it("checks the contract's limits at their bounds", () => {
    const ok = e['form.submit'][0]!.values;
    const check = (patch: Partial<ContactFormValues>) => checkContact({ ...ok, ...patch });
    expect(check({ phoneNumber: '1234', phonePrefix: '+3912' })).toEqual({});
    expect(check({ phoneNumber: '1'.repeat(20), phonePrefix: '1' })).toEqual({});
    expect(check({ phoneNumber: '1'.repeat(21) })).toEqual({ phoneNumber: 'phoneLength' });
    expect(check({ phonePrefix: '+39123' })).toEqual({ phonePrefix: 'prefixInvalid' });
    expect(check({ phonePrefix: '+39', phoneNumber: '' })).toEqual({});
    expect(check({ phonePrefix: '39-', phoneNumber: '' })).toEqual({ phonePrefix: 'prefixInvalid' });
    expect(check({ country: 'gb', language: 'EN-GB' })).toEqual({});
    expect(check({ country: 'I1', language: 'en_gb' })).toEqual({
      country: 'countryInvalid',
      language: 'languageInvalid',
    });
    expect(check({ firstName: ` ${'A'.repeat(100)} `, address: 'x'.repeat(500) })).toEqual({});
  });

  it('edits the contact it was given: a server refusal comes back as codes, then it saves with the output', async () => {
    const sent: SaveInput[] = [];
    const actor = start(storedContact, [o.saveContact.rejected], sent);
    actor.send(e['form.submit'][0]!);
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.issues).length > 0);
    expect(actor.getSnapshot().context.issues).toEqual({ email: 'emailTaken', phoneNumber: 'phoneTaken' });
    actor.send(e['form.submit'][0]!);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual(o.saveContact.saved.contact);
    expect(sent.map((s) => s.id)).toEqual([5, 5]);
  });

  it('creates a contact (no id) and reports a failed call', async () => {
    const sent: SaveInput[] = [];
    const actor = createActor(
      contactFormMachine.provide({
        actors: {
          saveContact: fromPromise<SaveContactOutcome, SaveInput>(async ({ input }) => {
            sent.push(input);
            throw new Error('network');
          }),
        },
      }),
      { input: { contact: null } },
    ).start();
    actor.send(e['form.submit'][0]!);
    await waitFor(actor, (s) => s.context.error === 'saveFailed');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toEqual([{ id: null, values: e['form.submit'][0]!.values }]);
  });
});
