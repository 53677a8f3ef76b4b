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

export const badRequest = (message = 'The request could not be understood by the server due to malformed syntax.') =>
  new HttpError(400, 'bad_request', message);
export const unauthorized = (message = 'Sorry, you have to be logged in to access this.', code = 'not_authenticated') =>
  new HttpError(401, code, message);
export const forbidden = (message = "Sorry, you can't access this.") => new HttpError(403, 'not_authorized', message);
export const notFound = (message = "We couldn't find what you're looking for.") => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const gone = (code: string, message: string) => new HttpError(410, code, message);
/** 422 with one or more field messages; the first of each field is the one the SPA shows. */
export const invalid = (errors: FieldErrors, message = 'There was a validation error with your request.') =>
  new HttpError(422, 'validation_error', message, errors);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });

/** The spec's text for 429, shared by every limit. */
export const TOO_MANY_REQUESTS_MESSAGE =
  'You have sent too many requests in a given amount of time. Please try again later.';

/** 429 with the seconds to wait, sent as `Retry-After` by the error handler. */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', TOO_MANY_REQUESTS_MESSAGE);
  }
}
