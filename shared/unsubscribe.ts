/**
 * The public unsubscribe page: its languages, default texts and colours, and its HTML, built here once so the server
 * serves exactly what the settings screen previews. Plain HTML, no script, no external resource; every value escaped.
 */
export const UNSUBSCRIBE_LANGUAGES = ['en', 'it'] as const;
export type UnsubscribeLanguage = (typeof UNSUBSCRIBE_LANGUAGES)[number];

/** Texts a company can change per language. */
export const UNSUBSCRIBE_TEXT_FIELDS = ['title', 'body', 'button', 'done'] as const;
export type UnsubscribeTexts = Record<(typeof UNSUBSCRIBE_TEXT_FIELDS)[number], string>;
export const UNSUBSCRIBE_COLOUR_FIELDS = ['background', 'text', 'button', 'buttonText'] as const;
export type UnsubscribeColours = Record<(typeof UNSUBSCRIBE_COLOUR_FIELDS)[number], string>;

export interface UnsubscribeSettings {
  texts: Record<UnsubscribeLanguage, UnsubscribeTexts>;
  colours: UnsubscribeColours;
  offerLists: boolean;
}

export const DEFAULT_UNSUBSCRIBE_SETTINGS: UnsubscribeSettings = {
  texts: {
    en: {
      title: 'Unsubscribe',
      body: 'We are sorry to see you go. Confirm below and you will no longer receive our emails.',
      button: 'Unsubscribe',
      done: 'You have been unsubscribed. You will no longer receive our emails.',
    },
    it: {
      title: 'Annulla iscrizione',
      body: 'Ci dispiace vederti andare via. Conferma qui sotto e non riceverai più le nostre email.',
      button: 'Annulla iscrizione',
      done: 'La tua iscrizione è stata annullata. Non riceverai più le nostre email.',
    },
  },
  colours: { background: '#f4f5f7', text: '#1f2933', button: '#1c7ed6', buttonText: '#ffffff' },
  offerLists: false,
};

/** Fixed wording around the company's texts (the list choice and an invalid link), per language. */
export const UNSUBSCRIBE_FIXED_TEXTS: Record<
  UnsubscribeLanguage,
  { listsLegend: string; listsHint: string; invalid: string }
> = {
  en: {
    listsLegend: 'Leave only these lists',
    listsHint: 'Choose none to leave every list and stop all our emails.',
    invalid: 'This link is not valid.',
  },
  it: {
    listsLegend: 'Lascia solo queste liste',
    listsHint: 'Non sceglierne nessuna per lasciare tutte le liste e non ricevere più le nostre email.',
    invalid: 'Questo link non è valido.',
  },
};

/** The page's language for a contact's language code (`it`, `it-ch`, null): en or it, English when neither. */
export function unsubscribeLanguage(code: string | null | undefined): UnsubscribeLanguage {
  const base = (code ?? '').slice(0, 2).toLowerCase();
  return (UNSUBSCRIBE_LANGUAGES as readonly string[]).includes(base) ? (base as UnsubscribeLanguage) : 'en';
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A colour as stored (#rrggbb); anything else falls back, so a value can never break out of the style sheet. */
const colour = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);

export interface UnsubscribePageInput {
  settings: UnsubscribeSettings;
  language: UnsubscribeLanguage;
  /** 'form': the question and button; 'done': the confirmation. */
  view: 'form' | 'done';
  /** The form's target (the page's own path); the signed token in it is the capability, so no CSRF token is needed. */
  action: string;
  /** Lists the contact may leave (only offered when settings.offerLists). */
  lists: readonly { id: number; name: string }[];
}

/** The style sheet of the page (the server sends its hash in the Content-Security-Policy). */
export function unsubscribePageStyle(colours: UnsubscribeColours): string {
  const d = DEFAULT_UNSUBSCRIBE_SETTINGS.colours;
  return [
    `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;`,
    `background:${colour(colours.background, d.background)};color:${colour(colours.text, d.text)}}`,
    'main{max-width:32rem;margin:4rem auto;padding:2rem;line-height:1.5}',
    'h1{font-size:1.5rem;margin:0 0 1rem}fieldset{border:0;padding:0;margin:1rem 0}',
    'label{display:block;margin:.25rem 0}small{display:block;opacity:.8}',
    `button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.3rem;cursor:pointer;`,
    `background:${colour(colours.button, d.button)};color:${colour(colours.buttonText, d.buttonText)}}`,
    'button:focus-visible{outline:3px solid currentColor;outline-offset:2px}',
  ].join('');
}

/** The page's whole HTML document. */
export function unsubscribePageHtml(input: UnsubscribePageInput): string {
  const texts = input.settings.texts[input.language];
  const fixed = UNSUBSCRIBE_FIXED_TEXTS[input.language];
  const lists =
    input.settings.offerLists && input.lists.length
      ? `<fieldset><legend>${escapeHtml(fixed.listsLegend)}</legend>${input.lists
          .map(
            (list) => `<label><input type="checkbox" name="list" value="${list.id}"> ${escapeHtml(list.name)}</label>`,
          )
          .join('')}<small>${escapeHtml(fixed.listsHint)}</small></fieldset>`
      : '';
  const content =
    input.view === 'done'
      ? `<h1>${escapeHtml(texts.title)}</h1><p role="status">${escapeHtml(texts.done)}</p>`
      : `<h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.body)}</p>` +
        `<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="confirm" value="1">` +
        `${lists}<button type="submit">${escapeHtml(texts.button)}</button></form>`;
  return (
    `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(texts.title)}</title><style>${unsubscribePageStyle(input.settings.colours)}</style></head>` +
    `<body><main>${content}</main></body></html>`
  );
}

/** Stored settings (partial JSON, possibly from an older version) completed with the defaults. */
export function withUnsubscribeDefaults(stored: {
  texts?: Partial<Record<string, Partial<UnsubscribeTexts>>> | null;
  colours?: Partial<UnsubscribeColours> | null;
  offerLists?: boolean | null;
}): UnsubscribeSettings {
  const d = DEFAULT_UNSUBSCRIBE_SETTINGS;
  const texts = Object.fromEntries(
    UNSUBSCRIBE_LANGUAGES.map((language) => [language, { ...d.texts[language], ...stored.texts?.[language] }]),
  ) as UnsubscribeSettings['texts'];
  return { texts, colours: { ...d.colours, ...stored.colours }, offerLists: stored.offerLists ?? d.offerLists };
}
