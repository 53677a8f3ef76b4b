import { errorCodes, type FastifyInstance } from 'fastify';

type ContractDoc = { paths?: Record<string, Record<string, unknown>> };

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** A form body is a few fields (a token): anything larger is not one of our pages' forms. */
const FORM_BODY_LIMIT = 16 * 1024;

/** Operations whose contract takes a plain HTML form body (public pages without script, like sender verification). */
export function operationsTakingForms(contract: ContractDoc): Set<string> {
  const out = new Set<string>();
  for (const item of Object.values(contract.paths ?? {})) {
    for (const op of Object.values(item)) {
      const operation = op as { operationId?: string; requestBody?: { content?: object } } | undefined;
      if (operation?.operationId && operation.requestBody?.content && FORM_TYPE in operation.requestBody.content)
        out.add(operation.operationId);
    }
  }
  return out;
}

/**
 * Parses form bodies into an object of fields (the last value of a repeated field wins), so the contract's schema
 * validates them like JSON. Only for the operations that declare a form body: any other operation answers a form
 * with 415, so a cross-site form post can never reach an operation that expects JSON (Fastify validates a body only
 * under the content type it arrived with).
 */
export function acceptFormBodies(api: FastifyInstance, operations: Set<string>) {
  api.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (request, body, done) => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !operations.has(operationId))
      return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(FORM_TYPE), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
