import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../../server/http/validation.ts';
import {
  configTexts,
  SOURCE_FIELDS,
  SOURCE_FIELD_NAMES,
  secretNames,
  sourceDefaults,
  sourceInputFrom,
  sourceProblems,
} from './modelWizard.sources.ts';
import type { SourceKind } from './modelWizard.types.ts';
import en from '../../i18n/en.json';
import { sourceFieldText } from '../../screens/userflow/modelWizard/SourceForm.messages.ts';

// The server's own validator of the contract's UserflowSourceInput: what the wizard sends is what the server accepts.
const validSource = contractValidator('UserflowSourceInput');

/** A filled-in form per kind, as a person would type it (lists with spaces, numbers as text). */
const FORMS: Record<Exclude<SourceKind, 'file'>, Record<string, string>> = {
  api: {
    url: 'https://api.shop.test/customers',
    authType: 'header',
    authHeaderName: 'X-Api-Key',
    authValue: 'k-123',
    rowsPath: 'data.items',
    'pagination.type': 'page',
    'pagination.pageParam': 'page',
    'pagination.perPage': '200',
  },
  ga4: {
    propertyId: '123456789',
    dimensions: 'customUser:email, deviceCategory',
    metrics: 'sessions , purchaseRevenue',
    days: '90',
    serviceAccountJson: '{ "type": "service_account" }',
  },
  userflow: { siteId: '3', days: '30' },
  postgres: {
    host: 'db.shop.test',
    port: '5432',
    database: 'shop',
    user: 'reader',
    password: 'pw',
    ssl: 'true',
    table: 'public.customers',
  },
  mysql: { host: '127.0.0.1', port: '3306', database: 'shop', user: 'reader', ssl: 'false', query: 'select * from t' },
  hubspot: { properties: 'lifecyclestage, num_notes', accessToken: 'pat-1' },
  plausible: { siteId: 'shop.test', dimensions: 'event:props:email', metrics: 'visitors', days: '30', apiKey: 'k' },
  matomo: { baseUrl: 'https://matomo.shop.test', idSite: '1', days: '30', tokenAuth: 't' },
  brevo: { apiKey: 'xkeysib-1' },
};

describe('data source forms ↔ the contract', () => {
  for (const [kind, form] of Object.entries(FORMS) as Array<[Exclude<SourceKind, 'file'>, Record<string, string>]>) {
    it(`${kind}: a filled-in form is a source the server's validator accepts, with its secrets apart`, () => {
      expect(sourceProblems(kind, form)).toEqual({});
      const input = sourceInputFrom(kind, form);
      expect(input).not.toBeNull();
      expect(validSource(input), JSON.stringify(validSource.errors)).toBe(true);
      const secrets = 'secrets' in input! ? (input.secrets as Record<string, string>) : {};
      const typedSecrets = secretNames(kind).filter((name) => form[name]);
      expect(Object.keys(secrets).sort()).toEqual([...typedSecrets].sort());
      // The stored config shows the form again (secrets never come back).
      const shown = configTexts(input!.config);
      for (const [name, text] of Object.entries(form)) {
        if (secretNames(kind).includes(name)) expect(shown[name]).toBeUndefined();
        else expect(shown[name]).toBe(text.replace(/\s*,\s*/g, ', ').trim());
      }
    });
  }

  it('a form missing a required setting or holding a non-number sends no source', () => {
    const { url: _url, ...noUrl } = FORMS.api;
    expect(sourceProblems('api', noUrl)).toEqual({ url: 'required' });
    expect(sourceInputFrom('api', noUrl)).toBeNull();
    expect(sourceProblems('postgres', { ...FORMS.postgres, port: '54a' })).toEqual({ port: 'integer' });
    const { table: _table, ...neither } = FORMS.postgres;
    expect(sourceProblems('postgres', neither)).toEqual({ table: 'required' });
    // The validator is not lenient: the same settings with the port as text are refused.
    const input = sourceInputFrom('postgres', FORMS.postgres)!;
    expect(validSource({ ...input, config: { ...input.config, port: '5432' } })).toBe(false);
  });

  it('secrets left blank are left out, so the stored ones stay', () => {
    const input = sourceInputFrom('brevo', { apiKey: '' });
    expect(input).toEqual({ kind: 'brevo', config: {} });
  });

  it('fields the settings do not call for are not sent (basic auth has no header name)', () => {
    const input = sourceInputFrom('api', { ...sourceDefaults('api'), url: 'https://a.test', authHeaderName: 'X' });
    expect(input).toEqual({
      kind: 'rest',
      config: { url: 'https://a.test', authType: 'none', rowsPath: '', pagination: { type: 'none' } },
    });
  });

  it('every field has a label in English', () => {
    const labels = sourceFieldText as Record<string, { id: string }>;
    const missing = SOURCE_FIELD_NAMES.filter((name) => !(en as Record<string, string>)[labels[name]?.id ?? '']);
    expect(missing).toEqual([]);
    expect(Object.keys(SOURCE_FIELDS).length).toBe(10);
  });
});
