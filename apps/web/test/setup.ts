import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadUiTexts } from '@ipportal/ui';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { actInBackground } from './act-in-background';
import { installFetchFileClasses } from './fetch-file-classes';
import { server } from './msw-server';

// findBy*/waitFor default to 1 s, too short when CI runs every suite side by side on 2 cores.
configure({ asyncUtilTimeout: 20_000 });

// Every event Testing Library dispatches (user-event's too) runs in an act() awaited in the
// background, so a navigation that suspends cannot be left unrendered (see act-in-background.ts).
let inEvent = false;
configure({
  eventWrapper: (dispatch: () => unknown) => {
    if (inEvent) return dispatch();
    inEvent = true;
    try {
      return actInBackground(dispatch);
    } finally {
      inEvent = false;
    }
  },
});

await installFetchFileClasses();
// The design system's English texts, loaded as the app loads them before rendering in English.
await loadUiTexts('en');

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
vi.stubGlobal('scrollTo', () => undefined);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The signed-in layout loads the Create Matter dialog lazily: load it once before a file's tests
// (a first import while a test renders is slow in vitest's module runner).
beforeAll(async () => {
  await import('../src/features/projects/create-matter/create-matter-dialog');
}, 60_000);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
