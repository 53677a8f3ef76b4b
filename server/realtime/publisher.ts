import { encode } from '@msgpack/msgpack';
import { MessageType } from 'socket.io-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEmitter } from '../context.ts';
import type { Pool } from '../db/pool.ts';
import type { ServerEventName, ServerEventPayload } from '../../shared/realtime-events.ts';
import { companyRoom, userRoom } from './socket.ts';

/**
 * The wire format of `@socket.io/postgres-adapter` 0.5 (what every API node LISTENs to), written from a process with
 * no socket.io server: a worker, the CLI. Its defaults are the adapter's own (`createAdapter` in socket.ts keeps them).
 *
 * `@socket.io/postgres-emitter` 0.1.1 is not used: its messages carry no `nsp`, and the 0.5 adapter routes every
 * message by `nsp`, so an API node drops them all (tests/server/cluster/publisher.test.ts shows both).
 */
export const ADAPTER_WIRE = {
  channel: 'socket.io#/',
  namespace: '/',
  attachments: 'socket_io_attachments',
  /** NOTIFY payloads stop at 8,000 bytes; a larger message goes in the attachments table and NOTIFY names its row. */
  payloadThreshold: 8000,
  /** The adapter's uid for emitters: nodes do not count it as a server of the cluster. */
  uid: 'emitter',
} as const;

/** socket.io's packet type of an event (socket.io-parser's PacketType.EVENT). */
const EVENT_PACKET = 2;

/** Publishes one event to sockets in `rooms` on every API node; resolves once PostgreSQL has taken it. */
export async function publishEvent<E extends ServerEventName>(
  pool: Pool,
  rooms: string[],
  event: E,
  payload: ServerEventPayload<E>,
): Promise<void> {
  const message = {
    uid: ADAPTER_WIRE.uid,
    nsp: ADAPTER_WIRE.namespace,
    type: MessageType.BROADCAST,
    data: {
      packet: { type: EVENT_PACKET, data: [event, payload], nsp: ADAPTER_WIRE.namespace },
      opts: { rooms, except: [], flags: {} },
    },
  };
  let body = JSON.stringify(message);
  if (Buffer.byteLength(body) > ADAPTER_WIRE.payloadThreshold) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into ${ADAPTER_WIRE.attachments} (payload) values ($1) returning id`,
      [Buffer.from(encode(message))],
    );
    body = JSON.stringify({ uid: message.uid, type: message.type, attachmentId: rows[0]!.id });
  }
  await pool.query('select pg_notify($1, $2)', [ADAPTER_WIRE.channel, body]);
}

/**
 * The realtime emitter of a process without socket.io (ROLE=worker, the CLI): events go to the API nodes through
 * PostgreSQL, in order per process. A failure is logged, never thrown into the job that emitted: a lost progress
 * event must not fail an import. `flush` waits for what was emitted so far (a CLI before it exits).
 */
export function postgresEmitter(pool: Pool, log: FastifyBaseLogger): RealtimeEmitter & { flush(): Promise<void> } {
  let queue: Promise<void> = Promise.resolve();
  const send = <E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>) => {
    queue = queue
      .then(() => publishEvent(pool, [room], event, payload))
      .catch((error: unknown) => log.warn({ err: error, event }, 'realtime event not published'));
  };
  return {
    toUser: (userId, event, payload) => send(userRoom(userId), event, payload),
    toCompany: (companyId, event, payload) => send(companyRoom(companyId), event, payload),
    flush: () => queue,
  };
}
