import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { makeStore } from './app/store';
import { authStateOf, createAuthPort } from './features/auth';
import { loadSignedInShellTexts } from './features/shell/signed-in-texts';
import { browserLanguages, initialLocale } from './i18n/locale';
import { startI18n } from './i18n/start-i18n';

async function start(container: HTMLElement) {
  const locale = initialLocale(localStorage, browserLanguages());
  document.documentElement.lang = locale;
  const root = createRoot(container);

  // The shell's words of the visitor's language and the runtime config load side by side.
  const [i18n, config] = await Promise.all([
    startI18n(locale),
    loadRuntimeConfig().catch((error: unknown) => {
      console.error(error);
      return null;
    }),
  ]);
  if (!config) {
    // Rarely needed, so not part of the first download; when even it cannot be loaded, the
    // message shows as plain text.
    const message = await import('./app/startup-error').then(
      ({ StartupError }) => <StartupError i18n={i18n} />,
      () => <p role="alert">{i18n.t('shell.configError')}</p>,
    );
    root.render(message);
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
      loadSignedInWords: () => loadSignedInShellTexts(i18n),
    },
  );
  // A restored session's pages need the signed-in chunk (API cache, sidebar, menus): it loads
  // before the first render, as a sign-in loads it before the store reads as signed in.
  if (session) await store.loadSignedIn();
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
