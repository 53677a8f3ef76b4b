import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UNSUBSCRIBE_SETTINGS } from '../../../shared/unsubscribe.ts';
import type { TestEnv } from '../helpers.ts';
import { setupTwoCompanies, type Caller } from '../contacts/fixtures.ts';

// GET and PUT /messaging/unsubscribe-settings: defaults, saving, bad input, one company's settings only.
let env: TestEnv;
let a: Caller;
let b: Caller;

beforeAll(async () => {
  ({ env, a, b } = await setupTwoCompanies());
});
afterAll(() => env.close());

const URL = '/messaging/unsubscribe-settings';
const custom = () => {
  const settings = structuredClone(DEFAULT_UNSUBSCRIBE_SETTINGS);
  settings.texts.en.title = 'Leaving so soon?';
  settings.texts.it.done = 'Fatto.';
  settings.colours.background = '#102030';
  settings.offerLists = true;
  return settings;
};

describe('unsubscribe settings', () => {
  it('answers the defaults until saved, then what was saved', async () => {
    expect(await a.call('GET', URL)).toMatchObject({ status: 200, body: DEFAULT_UNSUBSCRIBE_SETTINGS });
    const saved = await a.call('PUT', URL, custom());
    expect(saved).toMatchObject({ status: 200, body: custom() });
    expect((await a.call('GET', URL)).body).toEqual(custom());
  });

  it("keeps each company's settings its own", async () => {
    await a.call('PUT', URL, custom());
    expect((await b.call('GET', URL)).body).toEqual(DEFAULT_UNSUBSCRIBE_SETTINGS);
    const theirs = structuredClone(DEFAULT_UNSUBSCRIBE_SETTINGS);
    theirs.texts.en.button = 'Bye';
    expect((await b.call('PUT', URL, theirs)).status).toBe(200);
    expect((await a.call('GET', URL)).body).toEqual(custom());
  });

  it('refuses bad input with 422 and the fields at fault, changing nothing', async () => {
    await a.call('PUT', URL, custom());
    const bad = structuredClone(custom()) as Record<string, any>;
    bad.colours.button = 'red;}body{display:none';
    bad.texts.it.title = '';
    bad.texts.en.body = 'x'.repeat(1001);
    delete bad.texts.it.button;
    bad.extra = 1;
    const res = await a.call('PUT', URL, bad);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['colours.button', 'extra', 'texts.en.body', 'texts.it.button', 'texts.it.title'].sort(),
    );
    expect((await a.call('PUT', URL, { texts: DEFAULT_UNSUBSCRIBE_SETTINGS.texts })).status).toBe(422);
    expect((await a.call('PUT', URL, [])).status).toBe(422);
    expect((await a.call('GET', URL)).body).toEqual(custom());
  });

  it('needs a login', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await env.app.inject({ method, url: `/api${URL}`, payload: method === 'PUT' ? custom() : undefined });
      expect(res.statusCode).toBe(401);
    }
  });
});
