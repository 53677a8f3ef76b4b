import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type Boot } from './App.tsx';
import { setupInspector } from './app/inspect.ts';
import { readChunkReloadAt } from './app/navigation.ts';
import { createAppRouter } from './app/router.ts';
import { applyDocumentLanguage, readLanguage, readSession } from './app/sessionStorage.ts';
import { resolveLanguage } from './i18n/languages.ts';
import { loadMessages } from './i18n/loadMessages.ts';
import { routes } from './routes.tsx';

async function mount(): Promise<void> {
  await setupInspector();
  const boot: Boot = {
    session: readSession(),
    language: readLanguage(),
    now: Date.now(),
    buildId: __BUILD_ID__,
    lastChunkReloadAt: readChunkReloadAt(),
  };
  const language = resolveLanguage(boot.language);
  applyDocumentLanguage(language);
  await loadMessages(language);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const router = createAppRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <App boot={boot} router={router} />
    </StrictMode>,
  );
}

mount().catch((error: unknown) => {
  console.error('Error while mounting app:', error);
  throw error;
});
