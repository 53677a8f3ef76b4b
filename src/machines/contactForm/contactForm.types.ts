// Types shared by the contactForm machine and its actors, so neither module imports the other back.
import type { AttributeValues, Contact, FieldIssue } from '../contactsTable/contacts.types.ts';

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

export type SaveContactOutcome =
  { kind: 'saved'; contact: Contact } | { kind: 'rejected'; issues: Record<string, FieldIssue> };

export interface ContactFormContext {
  contact: Contact | null;
  values: ContactFormValues | null;
  issues: Record<string, FieldIssue>;
  error: 'saveFailed' | null;
  saved: Contact | null;
}

export type ContactFormEvent = { type: 'form.submit'; values: ContactFormValues };
