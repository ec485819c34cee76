/**
 * The real Amplify JS v6 client (aws-amplify) against the API: configured with the API's
 * `/graphql` endpoint (as `ws://`: Amplify turns `http://` into `wss://`) and lambda auth mode
 * carrying our ID token, it subscribes through `generateClient().graphql(...).subscribe()`,
 * gets its start_ack (Hub "Subscription ack") and receives a mail sent through REST. Node 24's
 * global WebSocket is all it needs; no polyfill.
 */
import { realtimeTopics, type RealtimeData, requestMailEndpoints } from '@ipportal/domain';
import { Amplify } from 'aws-amplify';
import {
  generateClient,
  CONNECTION_STATE_CHANGE,
  ConnectionState,
  type GraphQLSubscription,
} from 'aws-amplify/api';
import { Hub } from 'aws-amplify/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { buildWorld, multipartMail, type DetailWorld } from '../requests/detail-support.js';
import { call } from '../support/endpoints.js';

describe.skipIf(skipDriver)('the Amplify v6 client', () => {
  let ctx: TestContext;
  let w: DetailWorld;
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await buildWorld(ctx, 'amplify');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as { port: number };
    Amplify.configure({
      API: {
        GraphQL: { endpoint: `ws://127.0.0.1:${port}/graphql`, region: 'local', defaultAuthMode: 'lambda' },
      },
    });
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await ctx?.close();
  });

  test('subscribes to a request’s mails with lambda auth and receives the next mail', async () => {
    const token = w.owner.headers.authorization.replace(/^Bearer /, '');
    const acked = new Promise<void>((resolve) => {
      const stop = Hub.listen('api', ({ payload }) => {
        if (payload.event === 'Subscription ack') resolve();
      });
      stops.push(stop);
    });
    const connected = new Promise<void>((resolve) => {
      const stop = Hub.listen('api', ({ payload }) => {
        const data = payload.data as { connectionState?: string } | undefined;
        if (payload.event === CONNECTION_STATE_CHANGE && data?.connectionState === ConnectionState.Connected)
          resolve();
      });
      stops.push(stop);
    });
    const received = new Promise<RealtimeData<'onRequestMail'>>((resolve, reject) => {
      const client = generateClient();
      const subscription = client
        .graphql<GraphQLSubscription<{ onRequestMail: unknown }>>({
          query: realtimeTopics.onRequestMail.query,
          variables: { projectId: w.projectId, requestId: w.number },
          authToken: token,
        })
        .subscribe({
          next: ({ data }) => resolve(realtimeTopics.onRequestMail.data.parse(data.onRequestMail)),
          error: (error: unknown) => reject(new Error(`subscription failed: ${JSON.stringify(error)}`)),
        });
      stops.push(() => subscription.unsubscribe());
    });
    await acked;
    await connected;
    expect(ctx.app.realtime.counts().onRequestMail).toBe(1);

    const body = multipartMail({ subject: 'Amplify', body: '届きましたか。' });
    const response = await call(ctx, requestMailEndpoints.sendRequestMail, {
      as: w.office,
      headers: { ...body.headers },
      namespace: 'patent',
      params: { projectId: w.projectId, requestId: w.number },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const mailId = response.json<{ item: { id: string } }>().item.id;
    expect(await received).toEqual({ mailId, projectId: w.projectId, requestId: w.number });
  });
});
