import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/app.ts';
import { signDownload } from '../../../server/services/contacts/downloads.ts';
import { runExport } from '../../../server/services/contacts/exports.ts';
import { forJob } from '../../../server/services/scope.ts';
import type { TestEnv } from '../helpers.ts';
import { makeContact, makeList, setupTwoCompanies, upload, type Caller } from './fixtures.ts';

// Company A walks every contacts operation with company B's ids: it reads nothing of B's and changes nothing.
let env: TestEnv;
let a: Caller;
let b: Caller;
const theirs: Record<string, number> = {};

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
  const { folderId, listId } = await makeList(b, 'Theirs');
  const attribute = (await b.call('POST', '/contact-attributes', { name: 'Secret', type: 'text' })).body.id;
  const contact = await makeContact(b, {
    email: 'theirs@example.com',
    firstName: 'Bea',
    listIds: [listId],
    attributes: { [attribute]: 'x' },
  });
  const note = (await b.call('POST', `/contacts/${contact.id}/notes`, { text: 'private' })).body.id;
  const segment = (
    await b.call('POST', '/segments', {
      name: 'Theirs',
      conditions: { kind: 'group', operator: 'and', conditions: [{ kind: 'list', operator: 'in', listId }] },
    })
  ).body.id;
  const uploaded = (await upload(env, b, 'theirs.csv', 'email\nz@example.com\n')).body.id;
  const exported = (await b.call('POST', '/contact-exports', { selection: { filter: {} } })).body.id;
  await runExport(forJob(env.ctx, b.companyId), exported);
  Object.assign(theirs, {
    folderId,
    listId,
    attribute,
    contact: contact.id,
    note,
    segment,
    import: uploaded,
    export: exported,
  });
  await makeList(a, 'Mine');
  // A contact of A's own, so a write that wrongly went through would have a row to write.
  await makeContact(a, { email: 'mine@example.com' });
});
afterAll(() => env.close());

async function snapshot(caller: Caller) {
  const c = theirs.contact;
  const reads = [
    '/contacts',
    `/contacts/${c}`,
    `/contacts/${c}/lists`,
    `/contacts/${c}/notes`,
    `/contacts/${c}/timeline`,
    '/contact-attributes',
    '/contact-folders',
    '/contact-lists',
    '/segments',
    `/segments/${theirs.segment}/count`,
    '/contact-imports',
    '/contact-exports',
  ];
  const out: Record<string, unknown> = {};
  for (const url of reads) {
    const res = await caller.call('GET', url);
    out[url] = (res.body as unknown[] | Record<string, unknown>) ?? null;
  }
  for (const e of out['/contact-exports'] as { downloadUrl?: string }[]) delete e.downloadUrl;
  return out;
}

type Probe = (ids: typeof theirs) => Promise<{ status: number; body?: any }>;
const group = (conditions: unknown[]) => ({ kind: 'group', operator: 'and', conditions });

const PROBES: Record<string, { expect: number | 'empty' | 'mine-only'; probe: Probe }> = {
  listContacts: { expect: 'mine-only', probe: () => a.call('GET', '/contacts') },
  createContact: {
    expect: 422,
    probe: (t) => a.call('POST', '/contacts', { email: 'new@example.com', listIds: [t.listId] }),
  },
  applyContactBulkAction: {
    expect: 404,
    probe: (t) =>
      a.call('POST', '/contacts/bulk', { action: 'addToList', listId: t.listId, selection: { filter: {} } }),
  },
  getContact: { expect: 404, probe: (t) => a.call('GET', `/contacts/${t.contact}`) },
  updateContact: { expect: 404, probe: (t) => a.call('PATCH', `/contacts/${t.contact}`, { firstName: 'Hacked' }) },
  deleteContact: { expect: 404, probe: (t) => a.call('DELETE', `/contacts/${t.contact}`) },
  blockContact: { expect: 404, probe: (t) => a.call('POST', `/contacts/${t.contact}/block`) },
  unblockContact: { expect: 404, probe: (t) => a.call('POST', `/contacts/${t.contact}/unblock`) },
  anonymiseContact: { expect: 404, probe: (t) => a.call('POST', `/contacts/${t.contact}/anonymise`) },
  exportContactData: { expect: 404, probe: (t) => a.call('GET', `/contacts/${t.contact}/data`) },
  listContactMemberships: { expect: 404, probe: (t) => a.call('GET', `/contacts/${t.contact}/lists`) },
  listContactTimeline: { expect: 404, probe: (t) => a.call('GET', `/contacts/${t.contact}/timeline`) },
  listContactNotes: { expect: 404, probe: (t) => a.call('GET', `/contacts/${t.contact}/notes`) },
  createContactNote: { expect: 404, probe: (t) => a.call('POST', `/contacts/${t.contact}/notes`, { text: 'x' }) },
  deleteContactNote: { expect: 404, probe: (t) => a.call('DELETE', `/contacts/${t.contact}/notes/${t.note}`) },
  listContactAttributes: { expect: 'mine-only', probe: () => a.call('GET', '/contact-attributes') },
  createContactAttribute: {
    expect: 201,
    probe: () => a.call('POST', '/contact-attributes', { name: 'Secret', type: 'text' }),
  },
  updateContactAttribute: {
    expect: 404,
    probe: (t) => a.call('PATCH', `/contact-attributes/${t.attribute}`, { name: 'Mine now' }),
  },
  deleteContactAttribute: { expect: 404, probe: (t) => a.call('DELETE', `/contact-attributes/${t.attribute}`) },
  listContactFolders: { expect: 'mine-only', probe: () => a.call('GET', '/contact-folders') },
  createContactFolder: { expect: 201, probe: () => a.call('POST', '/contact-folders', { name: 'Theirs folder' }) },
  updateContactFolder: { expect: 404, probe: (t) => a.call('PATCH', `/contact-folders/${t.folderId}`, { name: 'x' }) },
  deleteContactFolder: { expect: 404, probe: (t) => a.call('DELETE', `/contact-folders/${t.folderId}`) },
  listContactLists: { expect: 'mine-only', probe: (t) => a.call('GET', `/contact-lists?folderId=${t.folderId}`) },
  createContactList: {
    expect: 422,
    probe: (t) => a.call('POST', '/contact-lists', { name: 'x', folderId: t.folderId }),
  },
  getContactList: { expect: 404, probe: (t) => a.call('GET', `/contact-lists/${t.listId}`) },
  updateContactList: { expect: 404, probe: (t) => a.call('PATCH', `/contact-lists/${t.listId}`, { name: 'x' }) },
  deleteContactList: { expect: 404, probe: (t) => a.call('DELETE', `/contact-lists/${t.listId}`) },
  listSegments: { expect: 'empty', probe: () => a.call('GET', '/segments') },
  createSegment: {
    expect: 422,
    probe: (t) =>
      a.call('POST', '/segments', {
        name: 'x',
        conditions: group([{ kind: 'list', operator: 'in', listId: t.listId }]),
      }),
  },
  countSegmentConditions: {
    expect: 422,
    probe: (t) =>
      a.call('POST', '/segments/count', {
        conditions: group([{ kind: 'attribute', attributeId: t.attribute, operator: 'isEmpty' }]),
      }),
  },
  getSegment: { expect: 404, probe: (t) => a.call('GET', `/segments/${t.segment}`) },
  updateSegment: {
    expect: 404,
    probe: (t) => a.call('PUT', `/segments/${t.segment}`, { name: 'x', conditions: group([]) }),
  },
  deleteSegment: { expect: 404, probe: (t) => a.call('DELETE', `/segments/${t.segment}`) },
  countSegment: { expect: 404, probe: (t) => a.call('GET', `/segments/${t.segment}/count`) },
  listContactImports: { expect: 'empty', probe: () => a.call('GET', '/contact-imports') },
  getContactImportLimits: { expect: 'mine-only', probe: () => a.call('GET', '/contact-imports/limits') },
  uploadContactImport: { expect: 201, probe: () => upload(env, a, 'mine.csv', 'email\nmine@example.com\n') },
  getContactImport: { expect: 404, probe: (t) => a.call('GET', `/contact-imports/${t.import}`) },
  deleteContactImport: { expect: 404, probe: (t) => a.call('DELETE', `/contact-imports/${t.import}`) },
  startContactImport: {
    expect: 404,
    probe: (t) =>
      a.call('POST', `/contact-imports/${t.import}/start`, { mapping: [{ target: 'email' }], listIds: [1] }),
  },
  downloadContactImportErrors: {
    expect: 404,
    probe: async (t) => {
      const res = await env.app.inject({
        method: 'GET',
        url: `/api/contact-imports/${t.import}/errors?token=${signDownload(env.ctx.config.secret, 'import-errors', a.companyId, t.import!)}`,
      });
      return { status: res.statusCode };
    },
  },
  listContactExports: { expect: 'empty', probe: () => a.call('GET', '/contact-exports') },
  createContactExport: {
    expect: 404,
    probe: (t) => a.call('POST', '/contact-exports', { selection: { filter: { segmentId: t.segment } } }),
  },
  getContactExport: { expect: 404, probe: (t) => a.call('GET', `/contact-exports/${t.export}`) },
  downloadContactExport: {
    expect: 404,
    probe: async (t) => {
      const res = await env.app.inject({
        method: 'GET',
        url: `/api/contact-exports/${t.export}/file?token=${signDownload(env.ctx.config.secret, 'export', a.companyId, t.export!)}`,
      });
      return { status: res.statusCode };
    },
  },
};

describe('tenancy across the contacts area', () => {
  it('has a probe for every contacts operation of the contract', () => {
    const paths = loadContract().paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
    const ids = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.tags?.includes('contacts') && op.operationId ? [op.operationId] : [])),
    );
    expect(ids.length).toBeGreaterThan(40);
    expect(ids.filter((id) => !PROBES[id]).sort()).toEqual([]);
  });

  it("never reads or changes another company's data", async () => {
    const before = await snapshot(b);
    for (const [operationId, { expect: expected, probe }] of Object.entries(PROBES)) {
      const res = await probe(theirs);
      if (typeof expected === 'number') {
        expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(expected);
      } else {
        expect(res.status, operationId).toBe(200);
        const text = JSON.stringify(res.body);
        expect(text, operationId).not.toMatch(/Theirs|theirs@example|Bea|Secret|private/);
        if (expected === 'empty') expect(res.body, operationId).toEqual([]);
      }
    }
    expect(await snapshot(b)).toEqual(before);
  });

  it('leaves no membership, note or event whose contact or list is missing or of another company', async () => {
    const parent = (table: string, alias: string, column: string) =>
      `not exists (select 1 from ${table} p where p.company_id = ${alias}.company_id and p.id = ${alias}.${column})`;
    const { rows } = await env.pool.query(
      `select 'list_members' as child, count(*)::int as n, count(*) filter (where ${parent('contacts', 'm', 'contact_id')} or ${parent('lists', 'm', 'list_id')})::int as astray
         from list_members m
       union all
       select 'contact_notes', count(*)::int, count(*) filter (where ${parent('contacts', 'n', 'contact_id')})::int from contact_notes n
       union all
       select 'contact_events', count(*)::int, count(*) filter (where ${parent('contacts', 'e', 'contact_id')})::int from contact_events e`,
    );
    // Company B's membership, note and events exist, so the check has rows to look at.
    for (const row of rows) expect(row.n, row.child).toBeGreaterThan(0);
    expect(rows.map((r) => [r.child, r.astray])).toEqual([
      ['list_members', 0],
      ['contact_notes', 0],
      ['contact_events', 0],
    ]);
  });
});
