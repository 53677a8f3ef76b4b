import type { Scope } from '../scope.ts';
import { notFound } from '../../http/errors.ts';

export interface TemplateContent {
  subject: string | null;
  design: unknown;
  source: string;
  html: string | null;
  text: string | null;
}

/**
 * The content a message copies when its template is chosen (a template edited later changes nothing in the message).
 * The one place the message area reads a template: when the templates area's `getTemplateContent(scope, templateId)`
 * (server/services/messaging/templates.ts) is merged, this function delegates to it.
 */
export async function templateContent(scope: Scope, templateId: number): Promise<TemplateContent> {
  const { rows } = await scope.db.query<TemplateContent>(
    `select subject, design, source, html, text_body as text from templates where company_id = $1 and id = $2`,
    [scope.companyId, templateId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}
