import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { AppContext, AuthContext, RealtimeEmitter } from '../context.ts';
import { bearerFrom, checkBearer } from '../http/auth.ts';
import { isSessionActive } from '../services/auth/sessions.ts';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '../../shared/realtime-events.ts';

type SocketData = { auth: AuthContext };
/** socket.io's emit takes an event's arguments as a rest list; ours carry one payload each. */
type EventArgs<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (id: string) => `user:${id}`;
export const companyRoom = (id: string) => `company:${id}`;
/** Every socket opened with a session's token, so ending the session can disconnect them. */
export const sessionRoom = (id: string) => `session:${id}`;

/**
 * socket.io on the API's HTTP server: websocket transport only, bearer authentication from the handshake
 * (`auth.token` or an Authorization header), one room per user and per company. Nodes share events through
 * PostgreSQL, so any API node can emit to any socket. A session that ends (logout, revocation, a password change or
 * reset) is announced on the auth channel to every node, and each disconnects its own sockets of that session.
 */
export function attachRealtime(ctx: AppContext, server: HttpServer): RealtimeServer {
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: false },
  });
  io.adapter(
    createAdapter(ctx.pool, {
      heartbeatInterval: 5000,
      cleanupInterval: 30_000,
      errorHandler: (e) => ctx.log.warn({ err: e }, 'realtime adapter error'),
    }),
  );
  io.use(async (socket, next) => {
    const fromAuth =
      typeof socket.handshake.auth?.token === 'string' ? (socket.handshake.auth.token as string) : undefined;
    const token = fromAuth ?? bearerFrom(socket.handshake.headers.authorization);
    try {
      const result = await checkBearer(ctx, token);
      if (!result.ok) return next(new Error(result.reason));
      socket.data.auth = result.auth;
      return next();
    } catch (error) {
      ctx.log.error({ err: error }, 'realtime authentication failed');
      return next(new Error('server_error'));
    }
  });
  ctx.authCache?.onChange((change) => {
    if (change.sessionId) io.local.in(sessionRoom(change.sessionId)).disconnectSockets(true);
  });
  io.on('connection', (socket) => {
    const { userId, companyId, sessionId } = socket.data.auth;
    void socket.join([userRoom(userId), companyRoom(companyId), sessionRoom(sessionId)]);
    // A session ended between the handshake's check and joining its room: the notice found no socket to disconnect.
    void isSessionActive(ctx, sessionId, userId).then(
      (active) => active || socket.disconnect(true),
      (error: unknown) => ctx.log.warn({ err: error }, 'realtime session check failed'),
    );
    socket.on('ping.sent', (ack) => {
      if (typeof ack === 'function') ack(new Date().toISOString());
    });
  });
  return io;
}

/** Emits through whichever socket.io server this process has attached, if any (none in a worker or the CLI). */
export function realtimeEmitter(io: () => RealtimeServer | undefined): RealtimeEmitter {
  return {
    toUser: (userId, event, payload) =>
      io()
        ?.to(userRoom(userId))
        .emit(event, ...([payload] as EventArgs<typeof event>)),
    toCompany: (companyId, event, payload) =>
      io()
        ?.to(companyRoom(companyId))
        .emit(event, ...([payload] as EventArgs<typeof event>)),
  };
}
