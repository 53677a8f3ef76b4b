import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../../server/http/validation.ts';
import { emptyDraft, touchesSource } from './modelWizard.draft.ts';
import { configTexts, sourceInputFrom } from './modelWizard.sources.ts';

// The changes column of a PostgreSQL or MySQL source (and a REST source's "since" parameter): picked in step-1 among
// the tested columns, sent in the source's settings the server accepts, and picking it keeps the connection test's
// preview and step-2's choices.
const validSource = contractValidator('UserflowSourceInput');
const form = { host: 'db.shop.test', port: '5432', database: 'shop', user: 'reader', table: 'customers', ssl: 'false' };

describe('the changes column in step-1', () => {
  it('goes along in the source settings when picked, and is left out when cleared', () => {
    for (const kind of ['postgres', 'mysql'] as const) {
      const picked = sourceInputFrom(kind, { ...form, changesColumn: 'updated_at' });
      expect(picked?.config).toMatchObject({ changesColumn: 'updated_at' });
      expect(validSource(picked)).toBe(true);
      const cleared = sourceInputFrom(kind, { ...form, changesColumn: '' });
      expect(cleared?.config).not.toHaveProperty('changesColumn');
      expect(validSource(cleared)).toBe(true);
    }
    // A REST source names its "changed since" query parameter the same way.
    const rest = { url: 'https://api.shop.test/customers', authType: 'none', 'pagination.type': 'none' };
    const since = sourceInputFrom('api', { ...rest, sinceParam: 'updated_since' });
    expect(since?.config).toMatchObject({ sinceParam: 'updated_since' });
    expect(validSource(since)).toBe(true);
    expect(sourceInputFrom('api', rest)?.config).not.toHaveProperty('sinceParam');
    // A stored source brings its pick back into the form.
    expect(configTexts({ ...form, port: 5432, changesColumn: 'id' })).toMatchObject({ changesColumn: 'id' });
  });

  it('picking it is not a new source; any other setting is', () => {
    const draft = { ...emptyDraft(), sourceKind: 'postgres' as const, sourceConfig: form };
    expect(touchesSource({ sourceConfig: { ...form, changesColumn: 'updated_at' } }, draft)).toBe(false);
    const picked = { ...draft, sourceConfig: { ...form, changesColumn: 'updated_at' } };
    expect(touchesSource({ sourceConfig: { ...form, changesColumn: '' } }, picked)).toBe(false);
    expect(touchesSource({ sourceConfig: { ...form, table: 'orders' } }, draft)).toBe(true);
    expect(touchesSource({ sourceKind: 'mysql', sourceConfig: form }, draft)).toBe(true);
    expect(touchesSource({ name: 'Churn' }, draft)).toBe(false);
  });
});
