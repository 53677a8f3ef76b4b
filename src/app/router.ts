import { createBrowserRouter, type RouteObject } from 'react-router';
import { appEvents } from './appEvents.ts';

/**
 * The browser router, with its transport facts turned into app events: route loads drive the loading bar, location
 * changes let the release machine reload on the next navigation. A page rewriting its own query string in place
 * (the contacts table while a search is typed) is not a navigation.
 */
export function createAppRouter(routes: RouteObject[]) {
  const router = createBrowserRouter(routes);
  let loading = router.state.navigation.state !== 'idle';
  let href = `${router.state.location.pathname}${router.state.location.search}`;
  router.subscribe((state) => {
    const nowLoading = state.navigation.state !== 'idle';
    if (nowLoading !== loading) appEvents.emit({ type: nowLoading ? 'route.loadStarted' : 'route.loadFinished' });
    loading = nowLoading;
    const nextHref = `${state.location.pathname}${state.location.search}`;
    if (nextHref !== href && !nowLoading) {
      const inPlace = state.historyAction === 'REPLACE' && href.split('?')[0] === state.location.pathname;
      href = nextHref;
      if (!inPlace) appEvents.emit({ type: 'route.changed', href });
    }
  });
  return router;
}
