import type { Channel } from '../../../shared/messaging.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { Scope } from '../scope.ts';
import { contactScope, renderMerge, type ContactForMerge, type MergeScope } from './liquid.ts';
import { attributeNames } from './templates.ts';

/** Who a preview is rendered for when no contact is chosen: sample values for every built-in field. */
const SAMPLE_CONTACT: ContactForMerge = {
  email: 'alex@example.com',
  first_name: 'Alex',
  last_name: 'Rossi',
  phone_prefix: '39',
  phone_number: '3331234567',
  country: 'IT',
  language: 'en',
  address: 'Via Roma 1, Milano',
  attributes: {},
};

/**
 * Links stand in for the unsubscribe and web-version URLs: a preview records nothing and must not unsubscribe anyone,
 * so no signed token is minted and no tracking is added.
 */
const PREVIEW_LINKS = { unsubscribe_url: '#unsubscribe', mirror_url: '#mirror' } as const;

export interface RenderedPreview {
  subject: string | null;
  html: string;
  text: string;
}

interface Content {
  subject: string | null;
  html: string | null;
  text: string | null;
}

async function contactFor(scope: Scope, contactId: number | undefined): Promise<ContactForMerge> {
  if (contactId === undefined) return SAMPLE_CONTACT;
  const { rows } = await scope.db.query<ContactForMerge>(
    `select email, first_name, last_name, phone_prefix, phone_number, country, language, address, attributes
       from contacts where company_id = $1 and id = $2 and anonymised_at is null`,
    [scope.companyId, contactId],
  );
  // A contact of another company is as absent as one that never existed, and the contact is a query field.
  if (!rows[0]) throw invalid({ contactId: ['The contact does not exist'] });
  return rows[0];
}

/** Renders the content's subject, HTML and text with the contact's merge values. */
async function render(scope: Scope, content: Content, contactId: number | undefined): Promise<RenderedPreview> {
  const contact = contactScope(await contactFor(scope, contactId), await attributeNames(scope));
  const merge: MergeScope = { contact, ...PREVIEW_LINKS };
  try {
    return {
      subject: content.subject === null ? null : await renderMerge(content.subject, merge),
      html: await renderMerge(content.html ?? '', merge),
      text: await renderMerge(content.text ?? '', merge),
    };
  } catch (error) {
    // Saved content passed the merge check; a render can still exceed the engine's limits (a huge loop).
    throw invalid({ source: [error instanceof Error ? error.message : String(error)] });
  }
}

export async function previewTemplate(scope: Scope, channel: Channel, id: number, contactId?: number) {
  const { rows } = await scope.db.query<Content>(
    `select subject, html, text_body as text from templates where company_id = $1 and channel = $2 and id = $3`,
    [scope.companyId, channel, id],
  );
  if (!rows[0]) throw notFound();
  return render(scope, rows[0], contactId);
}

export async function previewMessage(scope: Scope, channel: Channel, id: number, contactId?: number) {
  const { rows } = await scope.db.query<Content>(
    `select subject, html, text_body as text from messages where company_id = $1 and channel = $2 and id = $3`,
    [scope.companyId, channel, id],
  );
  if (!rows[0]) throw notFound();
  return render(scope, rows[0], contactId);
}
