export type FieldErrors = Record<string, string[]>;

/** An error that becomes an HTTP answer of the shape `{ code, message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The texts of the errors any operation can answer (spec section 5), defined once for the whole server. */
export const HTTP_TEXTS = {
  badRequest: 'The request could not be understood by the server due to malformed syntax.',
  notLoggedIn: 'Sorry, you have to be logged in to access this.',
  forbidden: "Sorry, you can't access this.",
  notFound: "We couldn't find what you're looking for.",
  validation: 'There was a validation error with your request.',
  tooManyRequests: 'You have sent too many requests in a given amount of time. Please try again later.',
  serverError: 'Please contact the support team.',
} as const;

export const badRequest = (message: string = HTTP_TEXTS.badRequest) => new HttpError(400, 'bad_request', message);
/** 401 with the one text the SPA shows for every authentication failure; `code` says which one it was. */
export const unauthorized = (code = 'not_authenticated') => new HttpError(401, code, HTTP_TEXTS.notLoggedIn);
export const forbidden = (message: string = HTTP_TEXTS.forbidden) => new HttpError(403, 'not_authorized', message);
export const notFound = (message: string = HTTP_TEXTS.notFound) => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const gone = (code: string, message: string) => new HttpError(410, code, message);
/** 422 with one or more field messages; the first of each field is the one the SPA shows. */
export const invalid = (errors: FieldErrors, message: string = HTTP_TEXTS.validation) =>
  new HttpError(422, 'validation_error', message, errors);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });

/** The spec's text for 429, shared by every limit. */

/** 429 with the seconds to wait, sent as `Retry-After` by the error handler. */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', HTTP_TEXTS.tooManyRequests);
  }
}
