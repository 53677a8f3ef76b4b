import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';

/** Spec section 8: the error toast for each response status (exact texts), and the error pages' status messages. */
export const httpErrorMessages = defineMessages({
  title400: { id: 'error.http.400.title', defaultMessage: 'Bad Request' },
  text400: {
    id: 'error.http.400.text',
    defaultMessage: 'The request could not be understood by the server due to malformed syntax.',
  },
  title401: { id: 'error.http.401.title', defaultMessage: 'Not Authenticated' },
  text401: { id: 'error.http.401.text', defaultMessage: 'Sorry, you have to be logged in to access this.' },
  title403: { id: 'error.http.403.title', defaultMessage: 'Not Authorized' },
  text403: { id: 'error.http.403.text', defaultMessage: "Sorry, you can't access this." },
  title404: { id: 'error.http.404.title', defaultMessage: 'Not Found' },
  text404: {
    id: 'error.http.404.text',
    defaultMessage:
      "We couldn't find what you're looking for. Please refresh and try again, or contact the support team.",
  },
  title405: { id: 'error.http.405.title', defaultMessage: 'Method Not Allowed' },
  text405: { id: 'error.http.405.text', defaultMessage: 'The method specified in the request is not allowed.' },
  title408: { id: 'error.http.408.title', defaultMessage: 'Request Timeout' },
  text408: {
    id: 'error.http.408.text',
    defaultMessage: 'The server timed out waiting for the request. Please try again.',
  },
  title409: { id: 'error.http.409.title', defaultMessage: 'Conflict' },
  text409: {
    id: 'error.http.409.text',
    defaultMessage: 'The request could not be completed due to a conflict with the current state of the resource.',
  },
  title410: { id: 'error.http.410.title', defaultMessage: 'Gone' },
  text410: {
    id: 'error.http.410.text',
    defaultMessage: 'The resource requested is no longer available and will not be available again.',
  },
  title422: { id: 'error.http.422.title', defaultMessage: 'Validation Error' },
  text422: { id: 'error.http.422.text', defaultMessage: 'There was a validation error with your request.' },
  title429: { id: 'error.http.429.title', defaultMessage: 'Too Many Requests' },
  text429: {
    id: 'error.http.429.text',
    defaultMessage: 'You have sent too many requests in a given amount of time. Please try again later.',
  },
  title500: { id: 'error.http.500.title', defaultMessage: 'Server Error' },
  text500: { id: 'error.http.500.text', defaultMessage: 'Please contact the support team.' },
  title502: { id: 'error.http.502.title', defaultMessage: 'Bad Gateway' },
  text502: {
    id: 'error.http.502.text',
    defaultMessage: 'The server received an invalid response from the upstream server.',
  },
  title503: { id: 'error.http.503.title', defaultMessage: 'Service Unavailable' },
  text503: {
    id: 'error.http.503.text',
    defaultMessage: 'The server is currently unavailable. Please try again later.',
  },
  title504: { id: 'error.http.504.title', defaultMessage: 'Gateway Timeout' },
  text504: {
    id: 'error.http.504.text',
    defaultMessage: 'The server did not receive a timely response from the upstream server.',
  },
  textOther: {
    id: 'error.http.other.text',
    defaultMessage: 'An unexpected error has occurred. Please try again later or contact the support team.',
  },
});

export const CATALOGUED_STATUSES = [400, 401, 403, 404, 405, 408, 409, 410, 422, 429, 500, 502, 503, 504] as const;

/** Title and text of the toast for a status; statuses outside the catalogue get the 'other' text and no title. */
export function httpErrorToast(status: number): { title: MessageDescriptor | null; text: MessageDescriptor } {
  const m = httpErrorMessages as Record<string, MessageDescriptor>;
  const title = m[`title${status}`];
  const text = m[`text${status}`];
  return title && text ? { title, text } : { title: null, text: httpErrorMessages.textOther };
}

export const errorPageMessages = defineMessages({
  notFound: { id: 'error.page.notFound', defaultMessage: 'Page Not Found' },
  internal: { id: 'error.page.internal', defaultMessage: 'Internal Server Error' },
  notFoundHelp: {
    id: 'error.page.notFoundHelp',
    defaultMessage: 'The address may be mistyped, or the page may have moved.',
  },
  internalHelp: {
    id: 'error.page.internalHelp',
    defaultMessage: 'Something went wrong on our side. Try again; if it keeps happening, contact the support team.',
  },
  statusCode: defineMessage<{ status: number }>({ id: 'error.page.statusCode', defaultMessage: 'Error {status}' }),
  reload: { id: 'error.page.reload', defaultMessage: 'Reload the page' },
});
