import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import itMessages from '../../i18n/it.json';
import type { ContactDetails } from '../../machines/contactDetail/contactDetail.machine.ts';
import type { ContactEvent } from '../../machines/contactsTable/contacts.types.ts';
import { ContactNotes, ContactTimeline, type NotesActions } from './ContactActivity';

const at = '2024-05-02T10:00:00.000Z';
const timeline: ContactEvent[] = [
  {
    id: 5,
    type: 'list.added',
    payload: { listId: 9, importId: 7, fileName: 'autumn fair.csv' },
    userId: null,
    createdAt: at,
  },
  { id: 4, type: 'list.added', payload: { listId: 9 }, userId: null, createdAt: at },
  {
    id: 3,
    type: 'contact.updated',
    payload: { importId: 7, fileName: 'autumn fair.csv' },
    userId: null,
    createdAt: at,
  },
  { id: 2, type: 'contact.updated', payload: { fields: ['firstName'] }, userId: null, createdAt: at },
  {
    id: 0,
    type: 'contact.imported',
    payload: { importId: 5, fileName: 'spring fair.csv' },
    userId: null,
    createdAt: at,
  },
];

/** The titles of the rendered timeline entries, in order. */
function titles(locale: 'en' | 'it', messages: Record<string, string>): string[] {
  const details = { timeline, timelineCursor: null } as unknown as ContactDetails;
  const html = renderToStaticMarkup(
    <MantineProvider>
      <IntlProvider locale={locale} messages={messages}>
        <ContactTimeline details={details} canLoadMore={false} loadingMore={false} onLoadMore={() => {}} />
      </IntlProvider>
    </MantineProvider>,
  );
  return [...html.matchAll(/<div class="[^"]*mantine-Timeline-itemTitle[^"]*">([^<]*)<\/div>/g)].map((match) =>
    match[1]!.replace(/&#x27;|&#39;/g, "'"),
  );
}

describe('the contact timeline', () => {
  it('names the file of the import that added the contact to a list, updated or created it', () => {
    expect(titles('en', en)).toEqual([
      'Added to a list by the import of autumn fair.csv',
      'Added to a list',
      'Updated by the import of autumn fair.csv',
      'Contact updated',
      'Imported from spring fair.csv',
    ]);
  });

  it('in Italian', () => {
    expect(titles('it', itMessages)).toEqual([
      "Aggiunto a una lista dall'importazione di autumn fair.csv",
      'Aggiunto a una lista',
      "Aggiornato dall'importazione di autumn fair.csv",
      'Contatto aggiornato',
      'Importato da spring fair.csv',
    ]);
  });
});

describe('the notes panel', () => {
  const notes = (actions: Partial<NotesActions>) => {
    const details = { notes: [], notesCursor: null } as unknown as ContactDetails;
    const all: NotesActions = {
      text: '',
      adding: false,
      disabled: false,
      canDelete: false,
      canLoadMore: false,
      loadingMore: false,
      onChange: () => {},
      onSubmit: () => {},
      onDelete: () => {},
      onLoadMore: () => {},
      ...actions,
    };
    return renderToStaticMarkup(
      <MantineProvider>
        <IntlProvider locale="en" messages={en}>
          <ContactNotes details={details} actions={all} />
        </IntlProvider>
      </MantineProvider>,
    );
  };

  it('shows the note being written, and what is wrong with it under the box', () => {
    const html = notes({ text: 'Wants a demo', textError: 'Text is required' });
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>Wants a demo<\/textarea>/);
    expect(html).toMatch(/class="[^"]*mantine-Textarea-error[^"]*"[^>]*>Text is required</);
  });

  it('keeps the box as it is while the note is being added', () => {
    expect(notes({ text: 'Wants a demo', adding: true })).toMatch(
      /<textarea[^>]*readonly=""[^>]*>Wants a demo<\/textarea>/i,
    );
    expect(notes({ text: 'Wants a demo' })).not.toMatch(/readonly/i);
  });
});
