import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger, run, type Runner } from 'graphile-worker';
import type { Dispatcher } from 'undici';
import { TASKS } from '../../../shared/jobs.ts';
import type { WebhookEventType } from '../../../shared/integrations.ts';
import type { AppContext } from '../../../server/context.ts';
import { createOutgoingAgent } from '../../../server/http/outgoingAgent.ts';
import {
  cleanWebhookLogTask,
  deliverWebhookTask,
  drainWebhookEndpointTask,
} from '../../../server/jobs/deliverWebhook.ts';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from '../../../server/services/integrations/deliveryTypes.ts';
import { newWebhookSecret, sealSecret } from '../../../server/services/integrations/signing.ts';

/** One request a test receiver heard. */
export interface Heard {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 (port 0) that records every request and answers as `answer` says: a status, a
 * body, a redirect, or never (to time out).
 */
export async function startReceiver(answer: (heard: Heard, res: ServerResponse) => void = (_h, res) => res.end('ok')) {
  const heard: Heard[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const h = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      heard.push(h);
      state.answer(h, res);
    });
  });
  const state = { answer };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    heard,
    port,
    url: `http://127.0.0.1:${port}`,
    setAnswer(next: typeof answer) {
      state.answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An endpoint row as the webhooks area creates it (its API is built beside this area); returns its id and secret. */
export async function createEndpoint(
  ctx: AppContext,
  companyId: string,
  url: string,
  eventTypes: WebhookEventType[],
  extra: { previousSecret?: string } = {},
) {
  const secret = newWebhookSecret();
  const { rows } = await ctx.pool.query<{ id: number }>(
    `insert into webhook_endpoints (company_id, url, event_types, secret_sealed, previous_secret_sealed,
                                    previous_secret_until)
     values ($1, $2, $3, $4, $5, case when $5::text is null then null else now() + interval '1 day' end)
     returning id::int`,
    [
      companyId,
      url,
      eventTypes,
      sealSecret(ctx.config.secret, secret),
      extra.previousSecret ? sealSecret(ctx.config.secret, extra.previousSecret) : null,
    ],
  );
  return { id: rows[0]!.id, secret };
}

/** A graphile-worker running only the webhook tasks, with the limits a test gives (short delays for backoff). */
export async function startWebhookWorker(
  ctx: AppContext,
  limits: Partial<DeliveryLimits> = {},
  dispatcher: Dispatcher = createOutgoingAgent(ctx.config),
): Promise<{ runner: Runner; stop(): Promise<void> }> {
  const all = { ...DEFAULT_DELIVERY_LIMITS, ...limits };
  const runner = await run({
    pgPool: ctx.pool,
    concurrency: 2,
    pollInterval: 50,
    noHandleSignals: true,
    logger: new Logger(() => () => undefined),
    taskList: {
      [TASKS.deliverWebhook]: deliverWebhookTask(ctx, dispatcher, all),
      [TASKS.drainWebhookEndpoint]: drainWebhookEndpointTask(ctx, dispatcher, all),
      [TASKS.cleanWebhookLog]: cleanWebhookLogTask(ctx),
    },
  });
  return {
    runner,
    async stop() {
      await runner.stop();
      await dispatcher.close();
    },
  };
}

/** Waits until `check` returns a truthy value (polling), or fails after `ms`. */
export async function waitFor<T>(check: () => Promise<T> | T, ms = 10_000, label = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
