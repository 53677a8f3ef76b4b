import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../../server/jobs/worker.ts';
import { createTestEnv, type TestEnv } from '../helpers.ts';

// The worker role starts the inbound SMTP listener when INBOUND_SMTP_PORT is set, and closes it when it stops.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ inboundSmtpPort: 0, inboundSmtpHost: '127.0.0.1' });
});
afterAll(() => env?.close());

/** The first line the server at the port says, or the connection's error. */
const greeting = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.end();
    });
    socket.once('error', reject);
  });

describe('the worker role', () => {
  it('listens for inbound mail while it runs and stops listening when it stops', async () => {
    const worker = await startWorker(env.ctx, { pollInterval: 1000, concurrency: 1 });
    const port = worker.inbound!.port;
    expect(port).toBeGreaterThan(0);
    expect(await greeting(port)).toMatch(/^220 .*Missiva inbound/);
    await worker.stop();
    await expect(greeting(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('does not listen when INBOUND_SMTP_PORT is unset', async () => {
    const bare = await createTestEnv();
    try {
      const worker = await startWorker(bare.ctx, { pollInterval: 1000, concurrency: 1 });
      expect(worker.inbound).toBeUndefined();
      await worker.stop();
    } finally {
      await bare.close();
    }
  });
});
