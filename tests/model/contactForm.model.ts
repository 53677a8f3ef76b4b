import assert from 'node:assert/strict';
import type { AnyMachineSnapshot, OutputFrom, SnapshotFrom } from 'xstate';
import type * as contactFormActors from '../../src/machines/contactForm/contactForm.actors.ts';
import {
  checkContact,
  contactFormMachine,
  type ContactFormEvent,
  type ContactFormValues,
  type SaveContactOutcome,
} from '../../src/machines/contactForm/contactForm.machine.ts';
import type { Contact } from '../../src/machines/contactsTable/contacts.types.ts';
import { done, failed, type Invariant, type MachineModel, type ModelEvent, type Via } from './graph.ts';

const at = '2025-01-01T10:00:00.000Z';
export const storedContact: Contact = {
  id: 5,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phonePrefix: null,
  phoneNumber: null,
  country: 'GB',
  language: 'en',
  address: null,
  attributes: {},
  blocked: false,
  blockedAt: null,
  anonymisedAt: null,
  createdAt: at,
  updatedAt: at,
};

const values = (patch: Partial<ContactFormValues> = {}): ContactFormValues => ({
  email: ' grace@example.com ',
  firstName: 'Grace',
  lastName: 'Hopper',
  phonePrefix: '39',
  phoneNumber: '0612345678',
  country: 'IT',
  language: 'it',
  address: '',
  attributes: { 1: 'gold' },
  listIds: [3],
  blocked: false,
  ...patch,
});

export const contactFormEventFixtures = {
  'form.submit': [
    { type: 'form.submit', values: values() },
    // Too short, letters in the phone number and no prefix for it: three issues at once.
    { type: 'form.submit', values: values({ email: 'ada', phoneNumber: '06-1234', phonePrefix: ' ' }) },
    { type: 'form.submit', values: values({ email: '  ' }) },
    // Past the contract's limits: every field named at once.
    {
      type: 'form.submit',
      values: values({
        email: `${'a'.repeat(250)}@example.com`,
        firstName: 'A'.repeat(101),
        lastName: 'B'.repeat(101),
        phonePrefix: '+39a',
        phoneNumber: '123',
        country: 'ITA',
        language: 'italian',
        address: 'x'.repeat(501),
      }),
    },
  ],
} satisfies { [K in ContactFormEvent['type']]: Array<Extract<ContactFormEvent, { type: K }>> };

export const contactFormOutputFixtures = {
  saveContact: {
    saved: {
      kind: 'saved',
      contact: { ...storedContact, id: 6, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
    },
    rejected: { kind: 'rejected', issues: { email: 'emailTaken', phoneNumber: 'phoneTaken' } },
  } satisfies { [K in SaveContactOutcome['kind']]: Extract<SaveContactOutcome, { kind: K }> },
} satisfies { [K in keyof typeof contactFormActors]: Record<string, OutputFrom<(typeof contactFormActors)[K]>> };

const o = contactFormOutputFixtures;
const e = contactFormEventFixtures;

// ── invariants ───────────────────────────────────────────────────────────────────────────────────────────────────
type Snapshot = SnapshotFrom<typeof contactFormMachine>;
const state = (check: (s: Snapshot, via: Via) => void): Invariant => check as Invariant;
const submitted = (via: Via) =>
  via?.event.type === 'form.submit' ? (via.event as unknown as ContactFormEvent).values : null;

const invariants: Record<string, Invariant> = {
  contactForm: state((s, via) => {
    assert.equal(s.hasTag('busy'), s.matches('saving'), 'busy exactly while saving');
    assert.equal(s.hasTag('editable'), s.matches('editing'), 'editable exactly while editing');
    if (via) assert.deepEqual(s.context.contact, via.from.context.contact, 'the contact being edited never changes');
  }),
  'contactForm.editing': state((s, via) => {
    assert.ok(s.can(e['form.submit'][0]!), 'the form can always be submitted again');
    assert.equal(s.context.saved, null);
    const invalid = submitted(via);
    if (!via) {
      assert.deepEqual(
        { values: s.context.values, issues: s.context.issues, error: s.context.error },
        { values: null, issues: {}, error: null },
      );
    } else if (invalid) {
      const expected = checkContact(invalid);
      assert.notDeepEqual(expected, {}, 'only an invalid form stays in editing');
      assert.deepEqual(s.context.issues, expected, 'the spec rules, as codes');
      assert.equal(s.context.error, null);
      assert.deepEqual(s.context.values, via.from.context.values, 'an invalid form is not taken as the values to save');
    } else if (via.event.type === 'xstate.done.actor.saveContact') {
      const outcome = (via.event as unknown as { output: SaveContactOutcome }).output;
      assert.equal(outcome.kind, 'rejected');
      assert.deepEqual(
        s.context.issues,
        outcome.kind === 'rejected' ? outcome.issues : null,
        "the server's field errors, as codes",
      );
      assert.equal(s.context.error, null);
      assert.deepEqual(s.context.values, via.from.context.values, 'the submitted values are kept');
    } else {
      assert.equal(via.event.type, 'xstate.error.actor.saveContact');
      assert.equal(s.context.error, 'saveFailed');
      assert.deepEqual(s.context.issues, {});
      assert.deepEqual(s.context.values, via.from.context.values, 'the submitted values are kept');
    }
  }),
  'contactForm.saving': state((s, via) => {
    const valid = submitted(via)!;
    assert.deepEqual(checkContact(valid), {}, 'only a valid form is saved');
    assert.deepEqual(s.context.values, valid, 'saves the values submitted');
    assert.deepEqual(s.context.issues, {}, 'earlier issues are cleared');
    assert.equal(s.context.error, null, 'an earlier failure is cleared');
    assert.ok(!s.can(e['form.submit'][0]!), 'no second save while one runs');
  }),
  'contactForm.saved': state((s, via) => {
    const outcome = (via!.event as unknown as { output: SaveContactOutcome }).output;
    assert.equal(outcome.kind, 'saved');
    assert.equal(s.status, 'done');
    assert.deepEqual(
      s.output,
      outcome.kind === 'saved' ? outcome.contact : null,
      'hands the saved contact to the screen',
    );
    assert.deepEqual(s.context.saved, s.output);
  }),
};

export const contactFormModel: MachineModel<{ contact: Contact | null }> = {
  name: 'contactForm',
  machine: contactFormMachine,
  inputs: { create: { contact: null }, edit: { contact: storedContact } },
  events: [
    ...Object.values(e).flat(),
    done('saveContact', o.saveContact.saved, 'saved'),
    done('saveContact', o.saveContact.rejected, 'rejected'),
    failed('saveContact'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => {
    const c = (s as Snapshot).context;
    return JSON.stringify({
      value: s.value,
      error: c.error,
      issues: Object.keys(c.issues).sort(),
      submitted: c.values !== null,
    });
  },
  invariants,
  journeys: [
    {
      name: 'refused by the rules, then by the server, then fails, then saves',
      input: 'edit',
      events: [
        e['form.submit'][1]!,
        e['form.submit'][2]!,
        e['form.submit'][0]!,
        done('saveContact', o.saveContact.rejected, 'rejected'),
        e['form.submit'][0]!,
        failed('saveContact'),
        e['form.submit'][0]!,
        done('saveContact', o.saveContact.saved, 'saved'),
      ] as ModelEvent[],
    },
  ],
};
