import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import itMessages from '../../i18n/it.json';
import type { ContactDetails } from '../../machines/contactDetail/contactDetail.machine.ts';
import type { ContactEvent } from '../../machines/contactsTable/contacts.types.ts';
import { ContactTimeline } from './ContactActivity';

const at = '2024-05-02T10:00:00.000Z';
const entry = (id: number, type: string, payload: Record<string, unknown>): ContactEvent => ({
  id,
  type,
  payload: { messageId: 7, messageName: 'Spring offers', ...payload },
  userId: null,
  createdAt: at,
});
const timeline: ContactEvent[] = [
  entry(9, 'message.replied', {
    subject: 'Re: Spring offers',
    snippet: 'Do you ship to Sicily?',
    text: 'Do you ship to Sicily?\nThanks, Giulia',
  }),
  entry(8, 'message.blocklisted', { reason: 'soft_bounces' }),
  entry(7, 'message.bounced', { hard: false, status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' }),
  entry(6, 'message.bounced', { hard: true, status: '5.1.1' }),
  entry(5, 'message.complained', {}),
  entry(4, 'message.unsubscribed', {}),
  entry(3, 'message.clicked', { linkIdx: 1, url: 'https://acme.example/offers' }),
  entry(2, 'message.opened', { messageName: null }),
  entry(1, 'message.sent', {}),
];

function render(locale: 'en' | 'it', messages: Record<string, string>): string {
  const details = { timeline, timelineCursor: null } as unknown as ContactDetails;
  return renderToStaticMarkup(
    <MantineProvider>
      <IntlProvider locale={locale} messages={messages}>
        <ContactTimeline details={details} canLoadMore={false} loadingMore={false} onLoadMore={() => {}} />
      </IntlProvider>
    </MantineProvider>,
  );
}
const titles = (html: string) =>
  [...html.matchAll(/<div class="[^"]*mantine-Timeline-itemTitle[^"]*">([^<]*)<\/div>/g)].map((m) =>
    m[1]!.replace(/&#x27;|&#39;/g, "'"),
  );

describe('messaging entries of the contact timeline', () => {
  it('name what happened and to which message', () => {
    const html = render('en', en);
    expect(titles(html)).toEqual([
      'Reply: Re: Spring offers',
      'Address blocklisted after 3 soft bounces in a row',
      'Soft bounce: Spring offers',
      'Hard bounce: Spring offers',
      'Marked as spam: Spring offers',
      'Unsubscribed from Spring offers',
      'Link clicked in Spring offers',
      'Message opened: a deleted message',
      'Message sent: Spring offers',
    ]);
    // The link clicked, a bounce's status and diagnostic, and the reply's text behind "Show the whole reply".
    expect(html).toContain('href="https://acme.example/offers"');
    expect(html).toContain('Status 4.2.2: 452 4.2.2 Mailbox full');
    expect(html).toContain('In reply to Spring offers');
    expect(html).toContain('Do you ship to Sicily?\nThanks, Giulia');
  });

  it('in Italian', () => {
    expect(titles(render('it', itMessages))).toEqual([
      'Risposta: Re: Spring offers',
      'Indirizzo aggiunto alla blocklist dopo 3 soft bounce consecutivi',
      'Soft bounce (rimbalzo temporaneo): Spring offers',
      'Hard bounce (rimbalzo permanente): Spring offers',
      'Segnalato come spam: Spring offers',
      'Disiscrizione da Spring offers',
      'Link cliccato in Spring offers',
      'Messaggio aperto: un messaggio eliminato',
      'Messaggio inviato: Spring offers',
    ]);
  });
});
