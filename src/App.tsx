import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { LoadingBarActor, RealtimeActor, ReleaseActor, SessionActor, ToastsActor } from './app/actors.ts';
import { actorOptions } from './app/inspect.ts';
import type { StoredSession } from './app/sessionStorage.ts';
import { I18nProvider } from './i18n/I18nProvider.tsx';
import { resolveLanguage } from './i18n/languages.ts';
import { selectLanguage } from './machines/session/session.selectors.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** What the page starts from: read once from the browser in main.tsx. */
export interface Boot {
  session: StoredSession | null;
  language: string | null;
  now: number;
  buildId: string;
  lastChunkReloadAt: number;
}

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

function Localised({ router }: { router: AppRouter }) {
  const language = resolveLanguage(SessionActor.useSelector(selectLanguage));
  return (
    <I18nProvider language={language}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}

/** Mounts the app-wide actors once, then the i18n provider and the router. */
export function App({ boot, router }: { boot: Boot; router: AppRouter }) {
  const options = actorOptions();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <SessionActor.Provider
        options={{ ...options, input: { session: boot.session, language: boot.language, now: boot.now } }}
      >
        <RealtimeActor.Provider options={{ ...options, input: { autoConnect: boot.session !== null } }}>
          <ReleaseActor.Provider
            options={{ ...options, input: { buildId: boot.buildId, lastChunkReloadAt: boot.lastChunkReloadAt } }}
          >
            <LoadingBarActor.Provider options={options}>
              <ToastsActor.Provider options={options}>
                <Localised router={router} />
              </ToastsActor.Provider>
            </LoadingBarActor.Provider>
          </ReleaseActor.Provider>
        </RealtimeActor.Provider>
      </SessionActor.Provider>
    </MantineProvider>
  );
}
