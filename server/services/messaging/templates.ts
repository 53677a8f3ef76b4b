import { convert } from 'html-to-text';
import type { Channel } from '../../../shared/messaging.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { FIRST_NAME_MERGE_TAG, MJML_OPTIONS, TEMPLATE_TEXTS, type TemplateStarter } from '../../../shared/templates.ts';
import { invalid, notFound, type FieldErrors } from '../../http/errors.ts';
import { iso, likeEscape, SqlParams } from '../contacts/sql.ts';
import type { Scope } from '../scope.ts';
import { CONTACT_MERGE_FIELDS } from './liquid.ts';
import { checkMerge } from './mergeCheck.ts';
import { EMAIL_STARTERS, TEXT_STARTER } from './starters.ts';

/** A problem in a template's source, with its 1-based line, as the editor shows it. */
export interface TemplateProblem {
  line: number;
  message: string;
}

export interface CompiledTemplate {
  html: string;
  text: string;
  errors: TemplateProblem[];
}

/** Options for the plain-text part: links keep their URL after the text, images their alt text. */
const TEXT_OPTIONS = {
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
};

/**
 * Compiles an email template's MJML into HTML and a plain-text part. MJML problems come back with their line (soft
 * validation, so the HTML is still produced); source that is not MJML at all is one problem on line 1.
 */
export async function compileTemplate(source: string): Promise<CompiledTemplate> {
  // MJML (with its minifier and CSS inliner) is the heaviest module the server has: it loads at the first compile, and
  // outside the try so that a failure to load it is an error, not a problem in the template.
  const { default: mjml2html } = await import('mjml');
  try {
    const result = await mjml2html(source, MJML_OPTIONS);
    const html = result.html;
    const errors = result.errors.map((e) => ({ line: e.line, message: `Line ${e.line}: ${e.message}` }));
    return { html, text: convert(html, TEXT_OPTIONS), errors };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { html: '', text: '', errors: [{ line: 1, message: `Line 1: ${message}` }] };
  }
}

export interface TemplateSummary {
  id: number;
  channel: Channel;
  name: string;
  subject: string | null;
  html: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Template extends TemplateSummary {
  design: Record<string, unknown> | null;
  source: string;
  text: string | null;
}

const SUMMARY = `t.id, t.channel, t.name, t.subject, t.html, ${iso('t.created_at')} as "createdAt",
  ${iso('t.updated_at')} as "updatedAt"`;
const FULL = `${SUMMARY}, t.design, t.source, t.text_body as text`;

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid({ name: [FIELD_TEXTS.nameRequired] });
  return trimmed;
}

export async function listTemplates(
  scope: Scope,
  channel: Channel,
  query: { page: number; perPage: number; q?: string | undefined },
): Promise<{ rows: TemplateSummary[]; total: number }> {
  const params = new SqlParams([scope.companyId, channel]);
  const where = ['t.company_id = $1', 't.channel = $2'];
  if (query.q?.trim()) where.push(`lower(t.name) like ${params.add(`%${likeEscape(query.q.trim().toLowerCase())}%`)}`);
  const limit = params.add(query.perPage);
  const offset = params.add((query.page - 1) * query.perPage);
  const { rows } = await scope.db.query<TemplateSummary & { total: number }>(
    `select ${SUMMARY}, count(*) over ()::int as total from templates t where ${where.join(' and ')}
      order by t.updated_at desc, t.id desc limit ${limit} offset ${offset}`,
    params.values,
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const count = await scope.db.query<{ n: number }>(
      `select count(*)::int as n from templates t where ${where.join(' and ')}`,
      params.values.slice(0, -2),
    );
    total = count.rows[0]!.n;
  }
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

export async function getTemplate(scope: Scope, channel: Channel, id: number): Promise<Template> {
  const { rows } = await scope.db.query<Template>(
    `select ${FULL} from templates t where t.company_id = $1 and t.channel = $2 and t.id = $3`,
    [scope.companyId, channel, id],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** A new template from a starter design, compiled at once so the list has its thumbnail. */
export async function createTemplate(
  scope: Scope,
  channel: Channel,
  input: { name: string; starter?: TemplateStarter | undefined },
): Promise<Template> {
  const name = checkedName(input.name);
  const source = channel === 'email' ? EMAIL_STARTERS[input.starter ?? 'blank'] : TEXT_STARTER;
  const compiled = channel === 'email' ? await compileTemplate(source) : { html: null, text: source };
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into templates (company_id, channel, name, source, html, text_body, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [scope.companyId, channel, name, source, compiled.html, compiled.text, scope.userId],
  );
  return getTemplate(scope, channel, rows[0]!.id);
}

export interface TemplateUpdate {
  name?: string | undefined;
  subject?: string | null | undefined;
  design?: Record<string, unknown> | null | undefined;
  source?: string | undefined;
}

/**
 * Renames a template or saves its design. A new source is compiled and its merge tags (and the subject's) are
 * checked against the company's attributes first: any problem refuses the save with 422, one message per problem.
 */
export async function updateTemplate(
  scope: Scope,
  channel: Channel,
  id: number,
  input: TemplateUpdate,
): Promise<Template> {
  await getTemplate(scope, channel, id); // 404 before any validation work
  const sets: string[] = [];
  const params = new SqlParams([scope.companyId, channel, id]);
  const errors: FieldErrors = {};
  const names = input.source !== undefined || input.subject ? [...(await attributeNames(scope)).values()] : [];
  if (input.name !== undefined) sets.push(`name = ${params.add(checkedName(input.name))}`);
  if (input.subject !== undefined) {
    const subject = input.subject?.trim() || null;
    const problems = subject ? checkMerge(subject, names) : [];
    if (problems.length) errors.subject = problems.map((p) => p.message);
    sets.push(`subject = ${params.add(subject)}`);
  }
  if (input.design !== undefined) sets.push(`design = ${params.add(input.design)}`);
  if (input.source !== undefined) {
    const merge = checkMerge(input.source, names).map((p) => ({ line: p.line, message: p.message }));
    const compiled = channel === 'email' ? await compileTemplate(input.source) : null;
    const problems = [...merge, ...(compiled?.errors ?? [])].sort((a, b) => a.line - b.line);
    if (problems.length) errors.source = problems.map((p) => p.message);
    sets.push(`source = ${params.add(input.source)}`);
    sets.push(`html = ${params.add(compiled ? compiled.html : null)}`);
    sets.push(`text_body = ${params.add(compiled ? compiled.text : input.source)}`);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  await scope.db.query(
    `update templates set ${sets.join(', ')}, updated_at = now() where company_id = $1 and channel = $2 and id = $3`,
    params.values,
  );
  return getTemplate(scope, channel, id);
}

export async function deleteTemplate(scope: Scope, channel: Channel, id: number): Promise<void> {
  const { rowCount } = await scope.db.query(
    'delete from templates where company_id = $1 and channel = $2 and id = $3',
    [scope.companyId, channel, id],
  );
  if (!rowCount) throw notFound();
}

/** A copy named "<name> (copy)", cut to the 100 characters a name may have. */
export async function duplicateTemplate(scope: Scope, channel: Channel, id: number): Promise<Template> {
  const suffix = TEMPLATE_TEXTS.copySuffix;
  const { rows } = await scope.db.query<{ id: number }>(
    `insert into templates (company_id, channel, name, subject, design, source, html, text_body, created_by)
     select company_id, channel, left(name, ${100 - suffix.length}) || $4, subject, design, source, html, text_body, $5
       from templates where company_id = $1 and channel = $2 and id = $3
     returning id`,
    [scope.companyId, channel, id, suffix, scope.userId],
  );
  if (!rows[0]) throw notFound();
  return getTemplate(scope, channel, rows[0].id);
}

/** What the message wizard copies from a template into a message. */
export interface TemplateContent {
  design: Record<string, unknown> | null;
  source: string;
  html: string | null;
  text: string | null;
  subject: string | null;
}

/** A template's content, whatever its channel (the wizard knows the message's channel and the template's id). */
export async function getTemplateContent(scope: Scope, templateId: number): Promise<TemplateContent> {
  const { rows } = await scope.db.query<TemplateContent>(
    'select design, source, html, text_body as text, subject from templates where company_id = $1 and id = $2',
    [scope.companyId, templateId],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** The company's custom attributes, id → name, as `contactScope` and `checkMerge` take them. */
export async function attributeNames(scope: Scope): Promise<Map<string, string>> {
  const { rows } = await scope.db.query<{ id: string; name: string }>(
    'select id::text as id, name from contact_attributes where company_id = $1 order by lower(name)',
    [scope.companyId],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export interface MergeTag {
  tag: string;
  kind: 'field' | 'attribute' | 'link';
  name: string;
}

/** How a contact variable is written: dotted when it is a plain identifier, bracketed otherwise ("Loyalty tier"). */
const contactVariable = (name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `contact.${name}` : `contact[${JSON.stringify(name)}]`;

/** The merge-tag picker's entries: the greeting, every built-in field, every custom attribute, the two links. */
export async function listMergeTags(scope: Scope): Promise<MergeTag[]> {
  const attributes = [...(await attributeNames(scope)).values()];
  return [
    { tag: FIRST_NAME_MERGE_TAG, kind: 'field', name: 'first_name' },
    ...CONTACT_MERGE_FIELDS.map((name) => ({ tag: `{{ contact.${name} }}`, kind: 'field' as const, name })),
    ...attributes.map((name) => ({ tag: `{{ ${contactVariable(name)} }}`, kind: 'attribute' as const, name })),
    { tag: '{{ unsubscribe_url }}', kind: 'link', name: 'unsubscribe_url' },
    { tag: '{{ mirror_url }}', kind: 'link', name: 'mirror_url' },
  ];
}
