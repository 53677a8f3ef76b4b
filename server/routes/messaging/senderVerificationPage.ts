import { createHash } from 'node:crypto';
import type { VerificationState } from '../../services/messaging/senders.ts';
import { SENDER_VERIFICATION } from '../../../shared/senders.ts';
import { DEFAULT_UNSUBSCRIBE_SETTINGS, escapeHtml, unsubscribePageStyle } from '../../../shared/unsubscribe.ts';

/**
 * The page a sender verification link lands on, with the unsubscribe page's look (its default colours and style
 * sheet): plain HTML, no script, nothing loaded. Opening it only shows the sender and a "Confirm this sender" button
 * posting the token back (mail scanners follow links, they do not submit forms); the answer to the post says
 * verified, expired or unknown. In English, or in Italian when the browser asks for it.
 */
export type VerificationPageView = VerificationState['outcome'] | 'wait';
export type VerificationPageLanguage = 'en' | 'it';

interface Texts {
  title: string;
  text: string;
}

const PAGES: Record<VerificationPageLanguage, Record<Exclude<VerificationPageView, 'pending'>, Texts>> = {
  en: {
    verified: { title: 'Sender verified', text: 'This address can now send campaigns. You can close this page.' },
    expired: {
      title: 'This link has expired',
      text: 'Verification links are valid for 48 hours. Ask for a new one from the senders page.',
    },
    unknown: {
      title: 'This link is not valid',
      text: 'It may be mistyped, or a newer link was sent. Ask for a new one from the senders page.',
    },
    wait: { title: 'Too many attempts', text: 'Too many links were tried from your network. Try again later.' },
  },
  it: {
    verified: {
      title: 'Mittente verificato',
      text: 'Questo indirizzo ora può inviare campagne. Puoi chiudere la pagina.',
    },
    expired: {
      title: 'Questo link è scaduto',
      text: 'I link di verifica valgono 48 ore. Chiedine uno nuovo dalla pagina dei mittenti.',
    },
    unknown: {
      title: 'Questo link non è valido',
      text:
        'Potrebbe essere incompleto, o è stato inviato un link più recente. ' +
        'Chiedine uno nuovo dalla pagina dei mittenti.',
    },
    wait: {
      title: 'Troppi tentativi',
      text: 'Dalla tua rete sono stati provati troppi link. Riprova più tardi.',
    },
  },
};

/** The confirmation step: its title is also the button's label. */
const CONFIRM: Record<VerificationPageLanguage, { title: string; text: (sender: string, product: string) => string }> =
  {
    en: {
      title: 'Confirm this sender',
      text: (sender, product) =>
        `${sender} was added as a sender on ${product}. Confirm that this address may send campaigns.`,
    },
    it: {
      title: 'Conferma questo mittente',
      text: (sender, product) =>
        `${sender} è stato aggiunto come mittente su ${product}. Conferma che questo indirizzo può inviare campagne.`,
    },
  };

/**
 * The unsubscribe page's style sheet, with a darker blue button: white on the default #1c7ed6 is 3.9:1, under the
 * 4.5:1 WCAG AA asks of normal text; #1864ab (Mantine's blue 9) is well above it.
 */
const STYLE = unsubscribePageStyle({ ...DEFAULT_UNSUBSCRIBE_SETTINGS.colours, button: '#1864ab' });

/** The page's Content-Security-Policy: its own style sheet, and a form posting to itself; nothing else. */
export const VERIFICATION_PAGE_POLICY =
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function verificationPageHtml(
  language: VerificationPageLanguage,
  state: VerificationState | { outcome: 'wait' },
  token: string,
  productName: string,
): string {
  let title: string;
  let content: string;
  if (state.outcome === 'pending') {
    const confirm = CONFIRM[language];
    title = confirm.title;
    const text = confirm.text(`${state.name} <${state.address}>`, productName);
    content =
      `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
      `<form method="post" action="/api${SENDER_VERIFICATION.path}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit">${escapeHtml(title)}</button></form>`;
  } else {
    const texts = PAGES[language][state.outcome];
    title = texts.title;
    const role = state.outcome === 'verified' ? ' role="status"' : '';
    content =
      `<h1>${escapeHtml(title)}</h1><p${role}>${escapeHtml(texts.text)}</p>` +
      `<p><a href="/multichannel/settings/senders">${escapeHtml(productName)}</a></p>`;
  }
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} · ${escapeHtml(productName)}</title><style>${STYLE}</style></head>` +
    `<body><main data-outcome="${state.outcome}">${content}</main></body></html>`
  );
}
