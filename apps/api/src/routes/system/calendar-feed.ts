import { Readable } from 'node:stream';
import { productName, matterQueryParam, webPathOf } from '@ipportal/domain';
import { portalOrigin } from '../../http/portal-link.js';
import { routePlugin } from '../../http/route.js';
import { feedOwner } from '../../repositories/deadlines/calendar-feeds.js';
import { feedDeadlines } from '../../repositories/deadlines/feed.js';
import { icsPieces } from '../../repositories/deadlines/ics.js';
import { findPrincipal } from '../../repositories/users.js';

/**
 * GET /calendar/:token.ics: a user's deadlines for a calendar to subscribe to, a client's as on
 * /terms, an office member's its docket (the requests addressed to its office). The token in the
 * URL is the credential (calendar clients send no headers of ours); an unknown or revoked token,
 * or a user who is gone, answers 404 without saying which.
 */
export const calendarFeedRoutes = routePlugin((app) => {
  app.route({
    method: 'GET',
    url: '/calendar/:file',
    schema: {
      tags: ['system'],
      summary: "A user's deadlines (an office's docket) as an ICS calendar (secret URL)",
      hide: false,
    },
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const userId = token ? await feedOwner(app.db, token) : undefined;
      const principal = userId ? await findPrincipal(app.db, userId) : undefined;
      if (!principal) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const origin = portalOrigin(app.config, request);
      const pieces = icsPieces(await feedDeadlines(app.db, principal), {
        locale: principal.locale,
        productName,
        host: new URL(origin).host,
        link: (item) =>
          `${origin}${webPathOf('projects', undefined, { [matterQueryParam]: item.projectId })}`,
      });
      // Streamed: written, compressed and sent piece by piece (30,000 events are 15 MB of text).
      const body = Readable.from(
        (function* () {
          for (const piece of pieces) yield Buffer.from(piece, 'utf8');
        })(),
        { objectMode: false },
      );
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  });
});
