import { deadlineEndpoints, isRefused } from '@ipportal/domain';
import { itemAnswer, itemsAnswer } from '../../http/envelope.js';
import { portalLink } from '../../http/portal-link.js';
import { answerWith, route, routePlugin, type NamespaceOptions } from '../../http/route.js';
import {
  createCalendarFeed,
  listCalendarFeeds,
  revokeCalendarFeed,
} from '../../repositories/deadlines/calendar-feeds.js';
import { listDeadlines } from '../../repositories/deadlines/list.js';

/**
 * The deadline list and the calendar feeds in both namespaces: the client side's /terms, and the
 * office's docket of the requests addressed to it (the repositories decide what each reads; a
 * feed is its owner's, so a token of one side never reads the other's deadlines).
 */
export const deadlineListRoutes = routePlugin<NamespaceOptions>((app, { namespace }) => {
  route(
    app,
    deadlineEndpoints.listDeadlines,
    async ({ principal, query }) => {
      const page = await listDeadlines(app.db, principal, query);
      return isRefused(page) ? page : itemsAnswer(page.items, { nextCursor: page.nextCursor });
    },
    { namespace },
  );

  route(
    app,
    deadlineEndpoints.listCalendarFeeds,
    async ({ principal }) => itemsAnswer(await listCalendarFeeds(app.db, principal.userId)),
    { namespace },
  );

  route(
    app,
    deadlineEndpoints.createCalendarFeed,
    async ({ principal, request }) => {
      const { feed, token } = await createCalendarFeed(app.db, principal.userId);
      return itemAnswer({ ...feed, url: portalLink(app.config, request, `/calendar/${token}.ics`) });
    },
    { namespace },
  );

  route(
    app,
    deadlineEndpoints.revokeCalendarFeed,
    async ({ principal, params, reply }) =>
      answerWith(
        () => reply.code(204).send(),
        await revokeCalendarFeed(app.db, principal.userId, params.feedId),
      ),
    { namespace },
  );
});
