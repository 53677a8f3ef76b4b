import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../shared/contract/schema.d.ts';

/** Types every handler from the generated contract, so the server and the SPA read the same file. */
export type OperationId = keyof operations;

type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;
type QueryOf<O> = O extends { parameters: { query?: infer Q } }
  ? [Q] extends [never]
    ? undefined
    : NonNullable<Q>
  : undefined;
type PathOf<O> = O extends { parameters: { path?: infer P } }
  ? [P] extends [never]
    ? undefined
    : NonNullable<P>
  : undefined;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<O> = O extends { responses: infer R }
  ? R extends Record<number, unknown>
    ? JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> | JsonOf<R[202 & keyof R]>
    : never
  : never;

export type RequestOf<K extends OperationId> = FastifyRequest<{
  Body: JsonBody<operations[K]>;
  Querystring: QueryOf<operations[K]>;
  Params: PathOf<operations[K]>;
}>;
export type ResponseOf<K extends OperationId> = SuccessOf<operations[K]>;
export type BodyOf<K extends OperationId> = JsonBody<operations[K]>;

export type Handler<K extends OperationId> = (
  request: RequestOf<K>,
  reply: FastifyReply,
) => Promise<ResponseOf<K> | FastifyReply | void>;

/** One handler per operationId: a missing one fails the type check, and the server refuses to start without it. */
/** Every operation Missiva answers; the contract's `webhooks:` requests (`webhook_…`) are sent by it, not answered. */
export type Handlers = { [K in Exclude<OperationId, `webhook_${string}`>]: Handler<K> };
export type HandlerGroup<K extends OperationId> = { [P in K]: Handler<P> };

export interface PageInfo {
  page: number;
  perPage: number;
  total: number;
  pages: number;
  /** Lists that take a cursor: where the next page starts, null on the last page. */
  nextCursor?: string | null;
}

/** Sets the JSON `Pagination` header the SPA reads as pagination info. */
export function setPagination(
  reply: FastifyReply,
  page: number,
  perPage: number,
  total: number,
  nextCursor?: string | null,
): void {
  const info: PageInfo = {
    page,
    perPage,
    total,
    pages: Math.max(1, Math.ceil(total / perPage)),
    ...(nextCursor === undefined ? {} : { nextCursor }),
  };
  reply.header('Pagination', JSON.stringify(info));
}
