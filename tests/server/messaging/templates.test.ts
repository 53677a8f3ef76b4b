import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { compileTemplate, getTemplateContent } from '../../../server/services/messaging/templates.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

let env: TestEnv;
let a: Caller;

beforeAll(async () => {
  ({ env, a } = await setupTwoCompanies());
});
afterAll(() => env.close());

const MJML = (body: string) => `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
${body}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

describe('templates', () => {
  it('creates from a starter, lists with the compiled HTML, searches, pages, renames, duplicates and deletes', async () => {
    const created = await a.call('POST', '/channels/email/templates', {
      name: '  Spring news ',
      starter: 'newsletter',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ channel: 'email', name: 'Spring news', design: null });
    expect(created.body.source).toContain('<mj-section');
    expect(created.body.html).toContain('Our news this month');
    expect(created.body.text).toContain('View in your browser [{{ mirror_url }}]');
    const other = await a.call('POST', '/channels/email/templates', { name: 'Autumn sale' });
    expect(other.body.source).toContain('{{ unsubscribe_url }}');
    // Another channel's templates are a list of their own.
    await a.call('POST', '/channels/sms/templates', { name: 'Spring SMS' });

    const all = await a.call('GET', '/channels/email/templates');
    expect(all.body.map((t: { name: string }) => t.name)).toEqual(['Autumn sale', 'Spring news']);
    expect(JSON.parse(all.headers.pagination as string)).toMatchObject({ page: 1, total: 2, pages: 1 });
    expect(all.body[1].html).toContain('<html');

    const found = await a.call('GET', '/channels/email/templates?q=SPRING');
    expect(found.body.map((t: { name: string }) => t.name)).toEqual(['Spring news']);
    const page2 = await a.call('GET', '/channels/email/templates?perPage=1&page=2');
    expect(page2.body.map((t: { name: string }) => t.name)).toEqual(['Spring news']);
    expect(JSON.parse(page2.headers.pagination as string)).toMatchObject({ page: 2, perPage: 1, total: 2, pages: 2 });
    const past = await a.call('GET', '/channels/email/templates?perPage=1&page=9');
    expect(past.body).toEqual([]);
    expect(JSON.parse(past.headers.pagination as string).total).toBe(2);

    const renamed = await a.call('PUT', `/channels/email/templates/${created.body.id}`, { name: 'Spring letter' });
    expect(renamed.body.name).toBe('Spring letter');
    expect(renamed.body.source).toBe(created.body.source);
    const blank = await a.call('PUT', `/channels/email/templates/${created.body.id}`, { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: [FIELD_TEXTS.nameRequired] });

    const copy = await a.call('POST', `/channels/email/templates/${created.body.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Spring letter (copy)', source: created.body.source });
    expect(copy.body.id).not.toBe(created.body.id);

    // The template lives in its channel: the same id under another channel is not found.
    expect((await a.call('GET', `/channels/sms/templates/${created.body.id}`)).status).toBe(404);
    expect((await a.call('DELETE', `/channels/email/templates/${copy.body.id}`)).status).toBe(204);
    expect((await a.call('DELETE', `/channels/email/templates/${copy.body.id}`)).status).toBe(404);
    expect((await a.call('GET', `/channels/email/templates/${copy.body.id}`)).status).toBe(404);
  });

  it('saves the design and MJML, and keeps the compiled HTML and plain-text part', async () => {
    const { body: t } = await a.call('POST', '/channels/email/templates', { name: 'Designed' });
    const source = MJML('<mj-text>Hello {{ contact.first_name | default: "there" }}</mj-text>');
    const design = { pages: [{ component: { type: 'mjml' } }] };
    const saved = await a.call('PUT', `/channels/email/templates/${t.id}`, { source, design, subject: 'Hi' });
    expect(saved.status).toBe(200);
    expect(saved.body.design).toEqual(design);
    expect(saved.body.subject).toBe('Hi');
    expect(saved.body.html).toContain('Hello {{ contact.first_name | default: "there" }}');
    expect(saved.body.text.trim()).toBe('Hello {{ contact.first_name | default: "there" }}');
    const reread = await a.call('GET', `/channels/email/templates/${t.id}`);
    expect(reread.body.source).toBe(source);
  });

  it('refuses MJML errors and merge-tag problems with their tag and line, and stores nothing', async () => {
    await a.call('POST', '/contact-attributes', { name: 'tier', type: 'text' });
    const { body: t } = await a.call('POST', '/channels/email/templates', { name: 'Broken' });
    const source = MJML(
      [
        '<mj-text>{{ contact.tier }} {{ contact.frist_name }}</mj-text>',
        '<mj-bogus />',
        '<mj-text>{% if contact.email %}open</mj-text>',
      ].join('\n'),
    );
    const res = await a.call('PUT', `/channels/email/templates/${t.id}`, { source, subject: 'Hi {{ company.nam }' });
    expect(res.status).toBe(422);
    // A syntax error stops the merge check (nothing else can be parsed); MJML is still checked.
    expect(res.body.errors.source).toEqual([
      "Line 6: Element mj-bogus doesn't exist or is not registered",
      'tag {% if contact.email %} not closed on line 7',
    ]);
    expect(res.body.errors.subject[0]).toMatch(/line 1/);

    // Syntax is fine now: the unknown tag and the unknown element are both named, each with its line.
    const fixed = source.replace('{% if contact.email %}open', '{% if contact.email %}open{% endif %}');
    const second = await a.call('PUT', `/channels/email/templates/${t.id}`, { source: fixed });
    expect(second.status).toBe(422);
    expect(second.body.errors.source).toEqual([
      'Unknown merge tag {{ contact.frist_name }} on line 5',
      "Line 6: Element mj-bogus doesn't exist or is not registered",
    ]);
    const unchanged = await a.call('GET', `/channels/email/templates/${t.id}`);
    expect(unchanged.body.source).toBe(t.source);
  });

  it('lists every merge tag the picker offers, custom attributes included', async () => {
    await a.call('POST', '/contact-attributes', { name: 'Loyalty tier', type: 'text' });
    const { body } = await a.call('GET', '/channels/email/merge-tags');
    const tags = body.map((t: { tag: string }) => t.tag);
    expect(tags[0]).toBe('{{ contact.first_name | default: "there" }}');
    expect(tags).toEqual(
      expect.arrayContaining([
        '{{ contact.email }}',
        '{{ contact.last_name }}',
        '{{ contact.tier }}',
        '{{ contact["Loyalty tier"] }}',
        '{{ unsubscribe_url }}',
        '{{ mirror_url }}',
      ]),
    );
    // Every tag the picker inserts passes the check on save.
    const { body: t } = await a.call('POST', '/channels/email/templates', { name: 'All tags' });
    const source = MJML(`<mj-text>${tags.join(' ')}</mj-text>`);
    expect((await a.call('PUT', `/channels/email/templates/${t.id}`, { source })).status).toBe(200);
  });

  it('previews as a chosen contact or with sample values, without tracking', async () => {
    const tier = (await a.call('GET', '/contact-attributes')).body.find((x: { name: string }) => x.name === 'tier');
    const contact = await makeContact(a, {
      email: 'grace@example.com',
      firstName: 'Grace',
      attributes: { [tier.id]: 'gold' },
    });
    const { body: t } = await a.call('POST', '/channels/email/templates', { name: 'Preview' });
    const source = MJML(
      '<mj-text>Dear {{ contact.first_name | default: "there" }} ({{ contact.tier }})</mj-text>' +
        '<mj-button href="{{ unsubscribe_url }}">Leave</mj-button>',
    );
    await a.call('PUT', `/channels/email/templates/${t.id}`, { source, subject: 'For {{ contact.first_name }}' });

    const mine = await a.call('GET', `/channels/email/templates/${t.id}/preview?contactId=${contact.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.subject).toBe('For Grace');
    expect(mine.body.html).toContain('Dear Grace (gold)');
    expect(mine.body.text).toContain('Dear Grace (gold)');
    expect(mine.body.html).toContain('href="#unsubscribe"');
    expect(mine.body.html).not.toMatch(/\/t\/|\/o\/|\/c\//);

    const sample = await a.call('GET', `/channels/email/templates/${t.id}/preview`);
    expect(sample.body.html).toContain('Dear Alex');
    const missing = await a.call('GET', `/channels/email/templates/${t.id}/preview?contactId=999999`);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['contactId']);
  });

  it('previews a message as a recipient would see it', async () => {
    const contact = await makeContact(a, { email: 'linus@example.com', firstName: 'Linus' });
    const html = (await compileTemplate(MJML('<mj-text>Hi {{ contact.first_name }}</mj-text>'))).html;
    const { rows } = await env.pool.query<{ id: number }>(
      `insert into messages (company_id, channel, name, subject, html, text_body) values ($1, 'email', 'M', $2, $3, $4)
       returning id`,
      [a.companyId, 'News for {{ contact.first_name }}', html, 'Hi {{ contact.first_name }}'],
    );
    const id = rows[0]!.id;
    const res = await a.call('GET', `/channels/email/messages/${id}/preview?contactId=${contact.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: 'News for Linus', text: 'Hi Linus' });
    expect(res.body.html).toContain('Hi Linus');
    expect((await a.call('GET', `/channels/sms/messages/${id}/preview`)).status).toBe(404);
    expect((await a.call('GET', `/channels/email/messages/${id + 1000}/preview`)).status).toBe(404);
  });

  it('gives the wizard a template content and compiles MJML for other areas', async () => {
    const { body: t } = await a.call('POST', '/channels/email/templates', { name: 'For the wizard' });
    await a.call('PUT', `/channels/email/templates/${t.id}`, { subject: 'Hello', design: { x: 1 } });
    const content = await getTemplateContent(forJob(env.ctx, a.companyId), t.id);
    expect(content).toMatchObject({ subject: 'Hello', design: { x: 1 }, source: t.source, html: t.html });
    expect(content.text).toContain('Hello');
    await expect(getTemplateContent(forJob(env.ctx, a.companyId), t.id + 1000)).rejects.toMatchObject({
      statusCode: 404,
    });

    const bad = await compileTemplate('this is not MJML');
    expect(bad.errors).toEqual([{ line: 1, message: expect.stringMatching(/^Line 1: /) }]);
    const good = await compileTemplate(MJML('<mj-text>Fine</mj-text>'));
    expect(good.errors).toEqual([]);
    // No third-party font for a font the template only names (mj-text's default stack names Ubuntu); one it declares
    // with mj-font is kept.
    expect(good.html).toContain('Ubuntu');
    expect(good.html).not.toContain('fonts.googleapis.com');
    const declared = await compileTemplate(
      '<mjml><mj-head><mj-font name="Lato" href="https://fonts.example.net/lato.css" /></mj-head>' +
        '<mj-body><mj-section><mj-column><mj-text font-family="Lato">Fine</mj-text></mj-column></mj-section></mj-body></mjml>',
    );
    expect(declared.html).toContain('https://fonts.example.net/lato.css');
    expect(good.text.trim()).toBe('Fine');
  });
});
