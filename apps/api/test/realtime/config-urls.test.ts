/**
 * /config.json read as the web app reads it (the domain's resolveRuntimeConfig against the page's
 * address), with and without PUBLIC_URL: every URL it gives must be usable as is by the browser's
 * clients. Without PUBLIC_URL (the README's `pnpm start`) the server answers paths, and the web
 * once handed the path to the socket's URL parser and crashed every signed-in page.
 */
import { createServer } from 'node:net';
import { resolveRuntimeConfig, runtimeConfigSchema } from '@ipportal/domain';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { connectRealtime } from '../support/realtime-client.js';
import { signIn } from '../projects/support.js';

/** A port nobody listens on, so PUBLIC_URL can name the address before the server listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipDriver)('/config.json as the web app uses it', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  for (const withPublicUrl of [false, true]) {
    test(`${withPublicUrl ? 'with' : 'without'} PUBLIC_URL: the socket connects and the API answers at the resolved URLs`, async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      ctx = await createTestContext(withPublicUrl ? { PUBLIC_URL: origin } : {});
      await ctx.app.listen({ host: '127.0.0.1', port });

      const answered = await fetch(`${origin}/config.json`);
      const config = resolveRuntimeConfig(
        runtimeConfigSchema.parse(await answered.json()),
        `${origin}/terms`,
      );

      expect(config.realtimeUrl).toBe(`ws://127.0.0.1:${port}/graphql/realtime`);
      const user = await signIn(ctx, 'REGULAR', 'config-urls@example.com');
      const token = user.headers.authorization.replace(/^Bearer /, '');
      const socket = await connectRealtime(config.realtimeUrl, token, { origin });
      await socket.close();

      const me = await fetch(`${config.apiBase.user}/user`, { headers: user.headers });
      expect(me.status).toBe(200);
      expect(new URL(config.identity.regular.endpoint).origin).toBe(origin);
    });
  }
});
