import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type JobWorker } from '../../server/jobs/worker.ts';
import { createTestEnv, createUser, type TestEnv } from './helpers.ts';

interface Received {
  from: string | undefined;
  to: string;
  subject: string | undefined;
  text: string | undefined;
}

let env: TestEnv;
let smtp: SMTPServer;
let worker: JobWorker;
const received: Received[] = [];
let rejectNext = 0;

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (rejectNext > 0) {
        rejectNext -= 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then((mail) => {
        received.push({
          from: mail.from?.text,
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: mail.subject,
          text: mail.text,
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  env = await createTestEnv({
    smtpUrl: `smtp://127.0.0.1:${port}?tls=off`,
    mailFrom: 'Missiva <no-reply@missiva.test>',
  });
  worker = await startWorker(env.ctx, { pollInterval: 100, concurrency: 2 });
});

afterAll(async () => {
  await worker.stop();
  await env.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('outbox delivery', () => {
  it('delivers the password reset mail over SMTP and marks it sent', async () => {
    const user = await createUser(env);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/users/password-reset-request',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    const mail = await waitFor(async () => received.find((m) => m.to === user.email));
    expect(mail.subject).toBe('Reset your Missiva password');
    expect(mail.from).toMatch(/^"?Missiva"? <no-reply@missiva.test>$/);
    expect(mail.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
    const row = await waitFor(async () => {
      const { rows } = await env.pool.query(
        `select status, attempts, message_id from outbox where to_address = $1 and status = 'sent'`,
        [user.email],
      );
      return rows[0];
    });
    expect(row.attempts).toBe(1);
    expect(row.message_id).toBeTruthy();
  });

  it('retries a temporary failure and records the error meanwhile', async () => {
    const user = await createUser(env);
    rejectNext = 1;
    await env.app.inject({ method: 'POST', url: '/api/users/password-reset-request', payload: { email: user.email } });
    const failed = await waitFor(async () => {
      const { rows } = await env.pool.query(
        `select status, last_error, attempts from outbox where to_address = $1 and attempts = 1 and last_error is not null`,
        [user.email],
      );
      return rows[0];
    });
    expect(failed.status).toBe('queued');
    expect(failed.last_error).toMatch(/451|temporarily/i);
    // graphile-worker backs off exponentially; bring the retry forward instead of waiting.
    await env.pool.query(
      `update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = 'deliver_mail')`,
    );
    const sent = await waitFor(async () => {
      const { rows } = await env.pool.query(
        `select status, attempts from outbox where to_address = $1 and status = 'sent'`,
        [user.email],
      );
      return rows[0];
    }, 20_000);
    expect(sent.attempts).toBe(2);
    expect(received.filter((m) => m.to === user.email)).toHaveLength(1);
  });
});
