import { deadlineEndpoints, firmEndpoints } from '@ipportal/domain';
import type { CalendarFeed } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentSession } from '../../../test/fake-auth-port';
import { makeUser } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/renderWithProviders';
import { handlerFor } from '../../../test/handler-for';

const slow = { timeout: 20_000 };
const feed: CalendarFeed = {
  id: '8d3f8ea1-5d74-4f88-8d61-9e4a3b5c1d08',
  createdAt: '2026-11-26T01:00:00.000Z',
  lastFetchedAt: null,
};
const feedUrl = 'https://portal.example.com/calendar/Zx8Qm3Vt7Lp0Rk2Wn5Hs9Jd4Fb6Gc1Ye8Ua0Io3Pe7Tk.ics';

beforeAll(async () => {
  await import('./terms-calendar-page');
}, 60_000);

describe('/terms/calendar', { timeout: 60_000 }, () => {
  it("an office makes a secret calendar URL of its docket, through /patent, never the client's API", async () => {
    const calls: string[] = [];
    const onRequest = ({ request }: { request: Request }) => calls.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    let feeds: CalendarFeed[] = [];
    server.use(
      handlerFor(
        deadlineEndpoints.listCalendarFeeds,
        () => HttpResponse.json({ hasError: false, message: '', items: feeds }),
        { namespace: 'patent' },
      ),
      handlerFor(
        deadlineEndpoints.createCalendarFeed,
        () => {
          feeds = [feed];
          return HttpResponse.json(
            { hasError: false, message: '', item: { ...feed, url: feedUrl } },
            { status: 201 },
          );
        },
        { namespace: 'patent' },
      ),
      handlerFor(firmEndpoints.getOwnFirm, () =>
        HttpResponse.json({ hasError: false, message: '', item: null }),
      ),
    );
    try {
      const app = renderApp('/terms/calendar', {
        session: patentSession,
        apiUser: makeUser({ userType: 'PATENT' }),
      });
      await app.findByRole('heading', { name: 'カレンダーに登録（ICS）' }, slow);
      expect(await app.findByText('発行済みの URL はありません')).toBeInTheDocument();
      await app.user.click(app.getByRole('button', { name: 'URL を発行' }));
      expect(await app.findByTestId('calendar-feed-url')).toHaveValue(feedUrl);
      expect(calls.filter((path) => path.startsWith('/user/'))).toEqual([]);
      expect(calls).toContain('/patent/calendar-feeds');
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
  });

  it('a client opening it goes to the top page: its feed is on the notification settings', async () => {
    const app = renderApp('/terms/calendar');
    await expect.poll(() => app.location(), slow).not.toBe('/terms/calendar');
  });
});
