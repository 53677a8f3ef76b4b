import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { describeError } from '../../http/outgoing.ts';
import type { AttemptResult, Claimed, DeliveryLimits, Endpoint } from './deliveryTypes.ts';
import { deliveryBody, signDelivery } from './signing.ts';

const USER_AGENT = 'Missiva-Webhooks/1';

/**
 * Posts one signed body: no redirect followed (undici's `request` follows none), the whole attempt bounded by the
 * time-out, at most `responseBodyBytes` of the answer read and the rest dropped with the connection. The time-out is
 * a plain timer on an AbortController and the body is read by its events: `AbortSignal.timeout` and an async iterator
 * cost about a third more CPU per post than the post itself (measured in the fan-out bench).
 */
export async function postWebhook(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  limits: Pick<DeliveryLimits, 'timeoutMs' | 'responseBodyBytes'>,
): Promise<Omit<AttemptResult, 'headers' | 'requestBody'>> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The attempt timed out', 'TimeoutError')),
    limits.timeoutMs,
  );
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await request(url, { method: 'POST', dispatcher, headers, body, signal: controller.signal });
    const text = await readLimited(response.body, limits.responseBodyBytes);
    return { status: response.statusCode, body: text, error: statusError(response.statusCode), durationMs: elapsed() };
  } catch (error) {
    return { status: null, body: null, error: describeError(error, limits.timeoutMs), durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

/** The first `limit` bytes of a response body as text; the rest is not read (destroying the body drops it). */
function readLimited(stream: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8'));
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        stream.destroy();
        done();
      }
    });
    stream.once('end', done);
    stream.once('error', reject);
  });
}

/** A non-2xx answer in the log's words; null for success. */
function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Responded with status ${status} (redirects are not followed)`;
  return `Responded with status ${status}`;
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
/** Signs and posts each claimed delivery, `limits.concurrency` at once; never throws (a failure is a result). */
export function postSigned(
  endpoint: Endpoint,
  claimed: Claimed[],
  dispatcher: Dispatcher,
  limits: DeliveryLimits,
): Promise<AttemptResult[]> {
  return inParallel(claimed, limits.concurrency, async (delivery): Promise<AttemptResult> => {
    const requestBody = deliveryBody(delivery.type, delivery.created_at, delivery.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signDelivery(endpoint.secrets, delivery.event_uid, new Date(), requestBody),
    };
    const result = await postWebhook(dispatcher, endpoint.url, headers, requestBody, limits);
    return { ...result, headers, requestBody };
  });
}
