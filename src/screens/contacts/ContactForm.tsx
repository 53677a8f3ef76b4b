import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { CONTACT_LIMITS, CONTACT_REQUIRED, CONTACT_TEXT_FIELDS } from '../../../shared/fieldRules.ts';
import { contactFormMachine, type ContactFormValues } from '../../machines/contactForm/contactForm.machine.ts';
import type {
  AttributeValues,
  Contact,
  ContactAttribute,
  ContactList,
} from '../../machines/contactsTable/contacts.types.ts';
import { contactFormMessages as f } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';
import { FIELD_ISSUES } from './fieldIssues.ts';

export interface ContactFormProps {
  contact: Contact | null;
  attributes: ContactAttribute[];
  /** Offered when creating. */
  lists?: ContactList[];
  onSaved: (contact: Contact) => void;
  onCancel: () => void;
}

const TEXT_FIELDS = CONTACT_TEXT_FIELDS;

/** Create or edit a contact: the fields, custom attributes and, when creating, lists and blocklist; each issue at its field. */
export function ContactForm({ contact, attributes, lists, onSaved, onCancel }: ContactFormProps) {
  const intl = useIntl();
  const actor = useActorRef(contactFormMachine, { ...actorOptions(), input: { contact } }, (snapshot) => {
    if (snapshot.status === 'done' && snapshot.output) onSaved(snapshot.output);
  });
  const issues = useSelector(actor, (s) => s.context.issues);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [values, setValues] = useState<AttributeValues>(contact?.attributes ?? {});
  const [listIds, setListIds] = useState<string[]>([]);
  const issue = (field: string) => (issues[field] ? intl.formatMessage(FIELD_ISSUES[issues[field]]) : undefined);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '');
    const formValues: ContactFormValues = {
      email: text('email'),
      firstName: text('firstName'),
      lastName: text('lastName'),
      phonePrefix: text('phonePrefix'),
      phoneNumber: text('phoneNumber'),
      country: text('country'),
      language: text('language'),
      address: text('address'),
      attributes: values,
      listIds: listIds.map(Number),
      blocked: data.get('blocked') === 'on',
    };
    actor.send({ type: 'form.submit', values: formValues });
  };
  const setValue = (id: number, value: string | number | boolean | null) =>
    setValues((v) => ({ ...v, [id]: value === '' ? null : value }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(f.saveFailed)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              name={field}
              label={intl.formatMessage(m[field])}
              defaultValue={contact?.[field] ?? ''}
              error={issue(field)}
              maxLength={CONTACT_LIMITS[field]}
              required={CONTACT_REQUIRED.includes(field)}
              type={field === 'email' ? 'email' : 'text'}
              inputMode={field === 'phoneNumber' || field === 'phonePrefix' ? 'tel' : undefined}
            />
          ))}
          {attributes.map((a) => {
            const value = values[a.id];
            const common = { label: a.name, error: issue(`attributes.${a.id}`) };
            if (a.type === 'number')
              return (
                <NumberInput
                  key={a.id}
                  {...common}
                  value={typeof value === 'number' ? value : ''}
                  onChange={(v) => setValue(a.id, typeof v === 'number' ? v : null)}
                />
              );
            if (a.type === 'boolean')
              return (
                <Select
                  key={a.id}
                  {...common}
                  data={[
                    { value: 'true', label: intl.formatMessage(m.yes) },
                    { value: 'false', label: intl.formatMessage(m.no) },
                  ]}
                  value={typeof value === 'boolean' ? String(value) : null}
                  onChange={(v) => setValue(a.id, v === null ? null : v === 'true')}
                />
              );
            if (a.type === 'category')
              return (
                <Select
                  key={a.id}
                  {...common}
                  data={a.options}
                  value={typeof value === 'string' ? value : null}
                  onChange={(v) => setValue(a.id, v)}
                />
              );
            return (
              <TextInput
                key={a.id}
                {...common}
                type={a.type === 'date' ? 'date' : 'text'}
                value={typeof value === 'string' ? value : ''}
                onChange={(e) => setValue(a.id, e.currentTarget.value)}
              />
            );
          })}
        </SimpleGrid>
        {lists ? (
          <MultiSelect
            label={intl.formatMessage(m.lists)}
            data={lists.map((l) => ({ value: String(l.id), label: l.name }))}
            value={listIds}
            onChange={setListIds}
            error={issue('listIds')}
            searchable
          />
        ) : null}
        {!contact ? <Checkbox name="blocked" label={intl.formatMessage(f.blocked)} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" loading={busy}>
            {intl.formatMessage(m.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
