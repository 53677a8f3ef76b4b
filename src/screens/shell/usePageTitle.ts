import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { isRouteErrorResponse, UNSAFE_DataRouterStateContext, useMatches } from 'react-router';
import { capitalise } from '../../app/product.ts';
import { errorPageMessages } from '../../i18n/errors.messages.ts';
import type { RouteHandle } from '../../app/routeHandle.ts';

/** The status an error page shows: the error's HTTP status, 500 for anything else. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The page title: from the deepest route with title metadata, else that route's name in the current language,
 * capitalised; an error page is titled by its status message. Null when nothing names the page.
 */
export function usePageTitle(): string | null {
  const intl = useIntl();
  const matches = useMatches();
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const error = errors ? Object.values(errors)[0] : undefined;
  if (errors && Object.keys(errors).length > 0) {
    return intl.formatMessage(errorStatus(error) === 404 ? errorPageMessages.notFound : errorPageMessages.internal);
  }
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as RouteHandle | undefined;
    if (handle?.title) return intl.formatMessage(handle.title);
    if (handle?.name) return capitalise(intl.formatMessage(handle.name, handle.nameValues?.(match?.params ?? {})));
  }
  return null;
}
