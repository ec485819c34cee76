import { userEndpoints } from '@ipportal/domain';
import type { Locale, User } from '@ipportal/domain';
import { render, screen } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AppStore } from '../src/app/store';
import { AppProviders } from '../src/app/providers';
import { buildRoutes } from '../src/app/router';
import * as signedInChunk from '../src/app/signed-in';
import { makeStore } from '../src/app/store';
import type { RootState } from '../src/app/store';
import { authStateOf } from '../src/features/auth';
import type { Session } from '../src/features/auth';
import { createI18n } from '../src/i18n/i18n';
import { actInBackground } from './act-in-background';
import { createFakeAuthPort } from './fake-auth-port';
import type { FakeAuthPort } from './fake-auth-port';
import { server, testApiBase } from './msw-server';
import { handlerFor } from './handler-for';

export interface ProviderOptions {
  /** The session at start; null is signed out. Defaults to a REGULAR user. */
  session?: Session | null;
  /** What GET /user answers (both namespaces); null answers an error envelope; undefined adds no handler. */
  apiUser?: User | null;
  locale?: Locale;
  preloadedState?: Partial<RootState>;
  /** The realtime socket's address; none (the default): no realtime connection. */
  realtimeUrl?: string;
  /** Called with each missing i18n key (defaults to a failing assertion-friendly collector). */
  onMissingKey?: (key: string) => void;
}

interface TestContext {
  auth: FakeAuthPort;
  store: AppStore;
  i18n: I18n;
  /** Keys the i18n instance found missing while rendering. */
  missingKeys: string[];
}

export type Rendered = TestContext &
  Pick<RenderResult, 'container' | 'unmount' | 'rerender'> &
  typeof screen & {
    router: ReturnType<typeof createMemoryRouter>;
    user: UserEvent;
  };

export type RenderedApp = Rendered & {
  /** The router's current path with its query. */
  location: () => string;
};

function setup(options: ProviderOptions): TestContext {
  const {
    session = { userType: 'REGULAR', subject: 'user-regular-1' },
    apiUser,
    locale = 'ja',
    preloadedState,
  } = options;
  const auth: FakeAuthPort = createFakeAuthPort(session);
  if (apiUser !== undefined) {
    const answer = () =>
      apiUser
        ? HttpResponse.json({ hasError: false, message: '', item: apiUser })
        : HttpResponse.json({ hasError: true, message: 'user fetch failed' }, { status: 500 });
    server.use(
      handlerFor(userEndpoints.getUser, answer, { namespace: 'user' }),
      handlerFor(userEndpoints.getUser, answer, { namespace: 'patent' }),
    );
  }
  const store = makeStore(
    { auth: authStateOf(session), ...preloadedState },
    {
      apiClient: {
        getIdToken: () => auth.idToken(),
        getBaseUrl: (namespace) => testApiBase[namespace],
        getUserType: () => auth.userType(),
      },
      ...(options.realtimeUrl ? { realtimeUrl: options.realtimeUrl } : {}),
    },
  );
  // As main.tsx does for a restored session: its pages need the signed-in chunk's API cache.
  if (session) store.adoptSignedIn(signedInChunk);
  const missingKeys: string[] = [];
  const i18n = createI18n({
    locale,
    onMissingKey: options.onMissingKey ?? ((key) => missingKeys.push(key)),
  });
  return { auth, store, i18n, missingKeys };
}

/** Renders `ui` inside the app's providers and a one-route memory router. */
export function renderWithProviders(
  ui: ReactElement,
  options: ProviderOptions & { path?: string } = {},
): Rendered {
  const context = setup(options);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const result = actInBackground(() =>
    render(
      <AppProviders store={context.store} i18n={context.i18n} auth={context.auth}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  );
  return { ...context, router, user: userEvent.setup(), ...result, ...screen };
}

/** Renders the whole app (route table, guards, layouts) at `path`. */
export function renderApp(path: string, options: ProviderOptions = {}): RenderedApp {
  const context = setup(options);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const result = actInBackground(() =>
    render(
      <AppProviders store={context.store} i18n={context.i18n} auth={context.auth}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...context, router, location, user: userEvent.setup(), ...result, ...screen };
}
