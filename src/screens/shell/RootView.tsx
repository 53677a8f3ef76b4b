import { Outlet } from 'react-router';
import { windowTitle } from '../../app/product.ts';
import { LoadingBarView } from './LoadingBarView.tsx';
import { ToastsView } from './ToastsView.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** The root view: the window title, the loading bar, toasts, and the routed page inside its layout. */
export function RootView() {
  const pageTitle = usePageTitle();
  return (
    <>
      <title>{windowTitle(pageTitle)}</title>
      <LoadingBarView />
      <ToastsView />
      <Outlet />
    </>
  );
}
