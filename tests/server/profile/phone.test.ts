import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';
import { signIn, type Caller } from '../contacts/fixtures.ts';

// The profile's phone (spec §5): digits only, a prefix required when a number is given (stored as digits, shown
// back), and a phone is one user's: another user's prefix and number answer "phone number already in use".
let env: TestEnv;
let a: Caller;
let b: Caller;
beforeAll(async () => {
  env = await createTestEnv();
  [a, b] = [await signIn(env, 'Alpha'), await signIn(env, 'Beta')];
});
afterAll(() => env.close());

describe('the profile phone', () => {
  it('asks for a prefix with a number, keeps it as digits and shows it back', async () => {
    const missing = await a.call('PATCH', '/users/me', { phoneNumber: '3331234567' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ phonePrefix: [FIELD_TEXTS.prefixRequired] });
    const saved = await a.call('PATCH', '/users/me', { phonePrefix: '+39', phoneNumber: '3331234567' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phonePrefix: '39', phoneNumber: '3331234567' });
    // A name change alone keeps the phone; a number alone keeps the prefix.
    expect((await a.call('PATCH', '/users/me', { firstName: 'Ada' })).body).toMatchObject({ phonePrefix: '39' });
    expect((await a.call('PATCH', '/users/me', { phoneNumber: '3339999999' })).body).toMatchObject({
      phonePrefix: '39',
      phoneNumber: '3339999999',
    });
    expect((await a.call('PATCH', '/users/me', { phonePrefix: '39x' })).status).toBe(422);
  });

  it('refuses a phone another user holds, and frees it when cleared', async () => {
    await a.call('PATCH', '/users/me', { phonePrefix: '44', phoneNumber: '2079460000' });
    const taken = await b.call('PATCH', '/users/me', { phonePrefix: '+44', phoneNumber: '2079460000' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ phoneNumber: [FIELD_TEXTS.phoneTaken] });
    expect((await a.call('PATCH', '/users/me', { phoneNumber: null })).body).toMatchObject({ phoneNumber: null });
    expect((await b.call('PATCH', '/users/me', { phonePrefix: '44', phoneNumber: '2079460000' })).status).toBe(200);
  });
});
