import { setupListeners } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { StartupError } from './app/startup-error';
import { makeStore } from './app/store';
import { authStateOf, createAuthPort } from './features/auth';
import { createI18n } from './i18n/i18n';
import { browserLanguages, initialLocale } from './i18n/locale';

async function start(container: HTMLElement) {
  const i18n = createI18n({ locale: initialLocale(localStorage, browserLanguages()) });
  document.documentElement.lang = i18n.language;
  const root = createRoot(container);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<StartupError i18n={i18n} />);
    return;
  }

  const auth = createAuthPort(config, { language: () => i18n.language });
  // Knowing the session before the first render avoids flashing /login for signed-in users.
  const session = await auth.currentSession().catch(() => null);
  const apiBase = config.apiBase;
  const store = makeStore(
    { auth: authStateOf(session) },
    {
      apiClient: {
        getIdToken: (options) => auth.idToken(options),
        getBaseUrl: (namespace) => apiBase[namespace],
        getUserType: () => auth.userType(),
      },
      realtimeUrl: config.realtimeUrl,
    },
  );
  // Queries that ask for it (the request mail thread, the calendar feeds' last fetch) refetch when
  // the window regains focus, and polling ones may pause while it does not have it.
  setupListeners(store.dispatch);
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n} auth={auth}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
