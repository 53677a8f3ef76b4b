import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from '../../shared/fieldTexts.ts';
import { storeReply } from '../../server/services/messaging/inbound/replies.ts';
import { forJob } from '../../server/services/scope.ts';
import { signIn, type Caller } from './contacts/fixtures.ts';
import { createTestEnv, type TestEnv } from './helpers.ts';

// The examples of docs/api.md, run as a reader would against a listening server: the curl command exactly as the
// document writes it (read from the document, so the two cannot drift) and the TypeScript example, which is
// scripts/api-example.ts (type-checked by `npm run typecheck`) and must appear in the document verbatim.
const run = promisify(execFile);
const DOC = readFileSync('docs/api.md', 'utf8');

/** The code block that follows `<!-- example: NAME … -->` in the document. */
function example(name: string): string {
  const match = new RegExp(`<!-- example: ${name}\\b[^>]*-->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(DOC);
  if (!match) throw new Error(`docs/api.md has no ${name} example`);
  return match[1]!;
}

let env: TestEnv;
let caller: Caller;
let url: string;

beforeAll(async () => {
  env = await createTestEnv();
  caller = await signIn(env, 'Docs');
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
});
afterAll(() => env?.close());

/** The tokens the examples run with, each in MISSIVA_API_KEY as the document says: a session's, and an API key. */
const credentials = async () => [
  { kind: 'session token', token: caller.token },
  {
    kind: 'API key',
    token: (await caller.call('POST', '/api-keys', { name: 'Docs', access: 'full' })).body.secret as string,
  },
];

describe('docs/api.md', () => {
  it('keeps scripts/api-example.ts verbatim', () => {
    expect(example('typescript')).toBe(readFileSync('scripts/api-example.ts', 'utf8'));
  });

  it('runs its curl and TypeScript examples against a running server', async () => {
    for (const { kind, token } of await credentials()) {
      // Each run starts from an empty company: no contacts, no replies.
      await env.pool.query('delete from incoming_messages where company_id = $1', [caller.companyId]);
      await env.pool.query('delete from contacts where company_id = $1', [caller.companyId]);
      const shellEnv = { ...process.env, MISSIVA_URL: url, MISSIVA_API_KEY: token };
      const curl = example('curl');
      const created = await run('bash', ['-c', curl], { env: shellEnv });
      expect(JSON.parse(created.stdout), kind).toMatchObject({ email: 'giulia@example.org', firstName: 'Giulia' });
      // The same call again: the 422 the document shows (curl exits 22 with --fail-with-body, printing the body).
      const again = await run('bash', ['-c', curl], { env: shellEnv }).then(
        () => ({ code: 0, stdout: '' }),
        (e: { code: number; stdout: string }) => e,
      );
      expect(again.code).toBe(22);
      expect(JSON.parse(again.stdout)).toMatchObject({
        code: 'validation_error',
        errors: { email: [FIELD_TEXTS.emailTaken] },
      });

      // A reply from that contact, then the TypeScript example lists it with the contact's name.
      const contactId = JSON.parse(created.stdout).id as number;
      await storeReply(forJob(env.ctx, caller.companyId), {
        messageId: 0,
        recipientId: 0,
        from: 'giulia@example.org',
        subject: 'Re: Spring offers',
        text: 'Hello, do you ship to Sicily?',
        html: null,
        headerMessageId: null,
        inReplyTo: null,
        at: new Date(),
      });
      const ts = await run(process.execPath, ['--import', 'tsx', 'scripts/api-example.ts'], { env: shellEnv });
      expect(
        ts.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
        kind,
      ).toEqual([{ subject: 'Re: Spring offers', from: 'giulia@example.org', contact: 'Giulia' }]);
      expect(DOC).toContain(
        JSON.stringify({ subject: 'Re: Spring offers', from: 'giulia@example.org', contact: 'Giulia' }),
      );
      const { rows } = await env.pool.query(
        'select contact_id::int as id from incoming_messages where company_id = $1',
        [caller.companyId],
      );
      expect(rows).toContainEqual({ id: contactId });
    }
  }, 60_000);

  it('shows a failed TypeScript call as an error with the status and code', async () => {
    const shellEnv = { ...process.env, MISSIVA_URL: url, MISSIVA_API_KEY: 'not-a-token' };
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/api-example.ts'], { env: shellEnv }).then(
      () => ({ stderr: '' }),
      (e: { stderr: string }) => e,
    );
    expect(failed.stderr).toMatch(/Error: 401 token_invalid: /);
  }, 30_000);
});
