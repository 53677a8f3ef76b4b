import type { MessageDescriptor } from 'react-intl';
import type { Params } from 'react-router';

/** The page layout a layout route picks. */
export type Layout = 'clean' | 'default' | 'fullPage';

/**
 * Route metadata (`handle`): the title (spec section 2) or, without one, a name shown capitalised. Kept apart from
 * the route table so the shell can read it without importing `routes.tsx`, which imports the shell.
 */
export interface RouteHandle {
  title?: MessageDescriptor;
  name?: MessageDescriptor;
  nameValues?: (params: Params) => Record<string, string>;
  /** On gate routes: whether the pages below need login. */
  auth?: boolean;
  /** On layout routes. */
  layout?: Layout;
}
