import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, use } from 'react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { actInBackground } from './act-in-background';

// Texts already loaded, as useMessages() finds them once a page has been shown (React reads the
// status it recorded on the promise and does not suspend).
const texts = Object.assign(Promise.resolve('loaded'), { status: 'fulfilled' as const, value: 'loaded' });

/** Outside the route, like the office reminder: reads loaded texts with use(), follows the location. */
function Reminder() {
  use(texts);
  useLocation();
  return null;
}

const Second = lazy(
  () =>
    new Promise<{ default: ComponentType }>((resolve) =>
      setTimeout(() => resolve({ default: () => <h1>Second page</h1> }), 10),
    ),
);

describe('act in the background', () => {
  it('shows a lazy page a click navigated to while a component outside the route read texts with use()', async () => {
    const router = createMemoryRouter([
      {
        element: (
          <>
            <Reminder />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/second">Open</Link> },
          {
            path: '/second',
            element: (
              <Suspense fallback={<p>Loading</p>}>
                <Second />
              </Suspense>
            ),
          },
        ],
      },
    ]);
    actInBackground(() => render(<RouterProvider router={router} />));
    // The click's act() renders the navigation, which suspends on the page's code: with a
    // synchronous act that nobody awaits, the rest of that render was dropped and the list stayed.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Open' }));
    expect(
      await screen.findByRole('heading', { name: 'Second page' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/second');
  });
});
