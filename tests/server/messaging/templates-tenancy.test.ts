import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/app.ts';
import { bearer, type TestEnv } from '../helpers.ts';
import { makeContact, multipart, setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';
import { png } from './images.ts';

// Company A walks every template and asset operation with company B's ids: it reads nothing of B's and changes
// nothing; B's rows are byte for byte the same afterwards.
let env: TestEnv;
let a: Caller;
let b: Caller;
const theirs = { template: 0, asset: 0, message: 0, contact: 0 };

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  theirs.template = (await b.call('POST', '/channels/email/templates', { name: 'Theirs' })).body.id;
  const body = multipart('theirs.png', png(3, 3));
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/assets',
    headers: { ...bearer(b.token), ...body.headers },
    payload: body.payload,
  });
  theirs.asset = res.json().id;
  theirs.contact = (await makeContact(b, { email: 'bea@example.com', firstName: 'Bea' })).id;
  const { rows } = await env.pool.query<{ id: number }>(
    `insert into messages (company_id, channel, name, html) values ($1, 'email', 'Theirs', 'Secret {{ contact.email }}')
     returning id`,
    [b.companyId],
  );
  theirs.message = rows[0]!.id;
  await a.call('POST', '/channels/email/templates', { name: 'Mine' });
});
afterAll(() => env.close());

const snapshot = async () =>
  (
    await env.pool.query(
      `select (select json_agg(t order by id) from templates t where company_id = $1) as templates,
              (select json_agg(x.id order by id) from assets x where company_id = $1) as assets`,
      [b.companyId],
    )
  ).rows[0];

type Probe = () => Promise<{ status: number; body?: any }>;
const t = () => `/channels/email/templates/${theirs.template}`;

const PROBES: Record<string, { expect: number | 'mine-only'; probe: Probe }> = {
  listTemplates: { expect: 'mine-only', probe: () => a.call('GET', '/channels/email/templates') },
  createTemplate: { expect: 201, probe: () => a.call('POST', '/channels/email/templates', { name: 'Another' }) },
  getTemplate: { expect: 404, probe: () => a.call('GET', t()) },
  updateTemplate: { expect: 404, probe: () => a.call('PUT', t(), { name: 'Stolen', source: '<mjml></mjml>' }) },
  deleteTemplate: { expect: 404, probe: () => a.call('DELETE', t()) },
  duplicateTemplate: { expect: 404, probe: () => a.call('POST', `${t()}/duplicate`) },
  previewTemplate: { expect: 404, probe: () => a.call('GET', `${t()}/preview`) },
  previewMessage: {
    expect: 404,
    probe: () => a.call('GET', `/channels/email/messages/${theirs.message}/preview`),
  },
  listMergeTags: { expect: 200, probe: () => a.call('GET', '/channels/email/merge-tags') },
  listAssets: { expect: 'mine-only', probe: () => a.call('GET', '/assets') },
  uploadAsset: {
    expect: 201,
    probe: async () => {
      const body = multipart('mine.png', png(1, 1));
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/assets',
        headers: { ...bearer(a.token), ...body.headers },
        payload: body.payload,
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  deleteAsset: { expect: 404, probe: () => a.call('DELETE', `/assets/${theirs.asset}`) },
};

describe('templates and assets are per company', () => {
  it('probes every operation of the area', () => {
    const ours = Object.entries(loadContract().paths as Record<string, unknown>)
      .flatMap(([path, item]) =>
        Object.values(item as Record<string, { operationId?: string }>).map((op) => [path, op?.operationId]),
      )
      .filter(
        ([path, id]) =>
          id && /^\/(channels\/\{channel\}\/(templates|merge-tags|messages\/[^/]+\/preview$)|assets)/.test(path!),
      )
      .map(([, id]) => id);
    // The public asset is read by its token alone (assets.test.ts): no company is involved.
    expect(new Set(ours)).toEqual(new Set(Object.keys(PROBES)));
  });

  it.each(Object.entries(PROBES))('%s with the other company ids reads and changes nothing', async (_, entry) => {
    const before = await snapshot();
    const res = await entry.probe();
    if (entry.expect === 'mine-only') {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Theirs');
      expect((res.body as { id: number }[]).map((x) => x.id)).not.toContain(theirs.template);
      expect((res.body as { id: number }[]).map((x) => x.id)).not.toContain(theirs.asset);
    } else {
      expect(res.status).toBe(entry.expect);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('previews with another company contact refuse the contact, naming the field', async () => {
    const { body } = await a.call('GET', '/channels/email/templates');
    const res = await a.call('GET', `/channels/email/templates/${body[0].id}/preview?contactId=${theirs.contact}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).not.toContain('Bea');
  });
});
