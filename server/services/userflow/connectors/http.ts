/**
 * JSON over HTTP for the REST source and the providers' APIs: every request goes through the outgoing guard's
 * dispatcher (server/http/outgoing.ts: no private addresses unless WEBHOOK_ALLOW_PRIVATE, plain http only with
 * WEBHOOK_ALLOW_HTTP, no redirects followed), is cut at USERFLOW_LIMITS.peerTimeoutMs (or sooner by the caller's
 * signal), reads at most USERFLOW_LIMITS.maxAnswerBytes, and fails with the UserFlow error a person reads.
 */
import type { Dispatcher } from 'undici';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import type { OutgoingSettings } from '../../../http/outgoing.ts';
import { transportError } from './net.ts';
import { ConnectorError } from './types.ts';

export interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of `body` (an OAuth token request). */
  form?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export interface JsonClient {
  /** The parsed JSON answer of a 2xx; a ConnectorError otherwise. */
  json(url: string, init?: JsonRequest): Promise<unknown>;
  close(): Promise<void>;
}

const cut = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

export function jsonClient(settings: OutgoingSettings): JsonClient {
  let agent: Dispatcher | null = null;
  return {
    async json(url, init = {}) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new ConnectorError('source_invalid', 'Not a valid URL');
      }
      if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && settings.webhookAllowHttp)) {
        throw new ConnectorError('peer_blocked', 'Only https URLs are allowed');
      }
      // undici loads when a source first calls out, not with every server process.
      const [{ request }, { createOutgoingAgent }] = await Promise.all([
        import('undici'),
        import('../../../http/outgoingAgent.ts'),
      ]);
      agent ??= createOutgoingAgent(settings, { connections: 4 });
      const timeout = AbortSignal.timeout(USERFLOW_LIMITS.peerTimeoutMs);
      const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
      const body = init.form
        ? new URLSearchParams(init.form).toString()
        : init.body === undefined
          ? null
          : JSON.stringify(init.body);
      let text: string;
      let status: number;
      try {
        const response = await request(parsed, {
          method: init.method ?? 'GET',
          dispatcher: agent,
          headers,
          body,
          signal,
        });
        status = response.statusCode;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > USERFLOW_LIMITS.maxAnswerBytes) {
            throw new ConnectorError(
              'peer_bad_answer',
              `The answer is larger than ${USERFLOW_LIMITS.maxAnswerBytes / 1024 / 1024} MB`,
            );
          }
          chunks.push(chunk);
        }
        text = Buffer.concat(chunks).toString('utf8');
      } catch (error) {
        if (error instanceof ConnectorError) throw error;
        throw transportError(error, USERFLOW_LIMITS.peerTimeoutMs);
      }
      if (status === 401 || status === 403) throw new ConnectorError('peer_auth', `Responded with status ${status}`);
      if (status >= 300 && status < 400) {
        throw new ConnectorError('peer_http_error', `Responded with status ${status} (redirects are not followed)`);
      }
      if (status < 200 || status >= 300) {
        throw new ConnectorError('peer_http_error', `Responded with status ${status}: ${cut(text)}`);
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ConnectorError('peer_bad_answer', `Not JSON: ${cut(text) || '(empty)'}`);
      }
    },
    async close() {
      const closing = agent;
      agent = null;
      await closing?.close().catch(() => undefined);
    },
  };
}

/** The value at a dotted path (`data.items`); the whole value for an empty path. */
export function atPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The array at `path`, or `peer_bad_answer` naming the path. */
export function arrayAt(value: unknown, path: string | undefined): unknown[] {
  const found = atPath(value, path);
  if (!Array.isArray(found)) {
    throw new ConnectorError('peer_bad_answer', `No list of rows at ${path ? `"${path}"` : 'the top of the answer'}`);
  }
  return found;
}
