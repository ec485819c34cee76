/**
 * The unmodified Amplify JS v6 client (aws-amplify) set up the way AWS documents it for a Cognito
 * user pool: Auth signs in against the embedded identity service (its `userPoolEndpoint`), and
 * the GraphQL client subscribes with `authMode: 'userPool'`, which sends the ACCESS token in the
 * socket's header and in every `start`. The socket takes it (as AppSync does) for the user it
 * names; a signed-out session's access token is refused and its socket closed; REST still takes
 * ID tokens only. Node 24's global WebSocket, fetch and crypto are all Amplify needs here.
 */
import {
  realtimeTopics,
  type RealtimeData,
  requestMailEndpoints,
  userEndpoints,
  type ApiNamespace,
} from '@ipportal/domain';
import { MemoryStorage, createAuthClient } from '@ipportal/auth';
import { Amplify } from 'aws-amplify';
import { generateClient, type GraphQLSubscription } from 'aws-amplify/api';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createIdentityUser } from '../../src/identity/index.js';
import { startIdentityServer, type IdentityServer } from '../identity/support.js';
import { createFirm, createMatter, createOrganization, type TestUser } from '../projects/support.js';
import { insertRequest, multipartMail } from '../requests/detail-support.js';
import { skipDriver } from '../support/db.js';
import {
  connectRealtime,
  openRealtime,
  realtimeUrl,
  type RealtimeTestClient,
} from '../support/realtime-client.js';
import { call } from '../support/endpoints.js';

const password = 'Sakura-2024';
const profile = {
  name: 'Hanako Yamada',
  address: '1-1 Chiyoda, Tokyo',
  phone_number: '+81312345678',
  'custom:region_code': '1',
};

describe.skipIf(skipDriver)('Amplify v6 with authMode userPool: the access token on the socket', () => {
  let server: IdentityServer;
  let url: string;
  let owner: TestUser;
  let office: TestUser;
  let projectId: string;
  let requestNumber: number;
  let accessToken: string;
  const open: RealtimeTestClient[] = [];
  const stops: (() => void)[] = [];

  /** The portal user behind an ID token (created on first sight, as the web app's first call does). */
  const portalUser = async (namespace: ApiNamespace, idToken: string, email: string) => {
    const headers = { authorization: `Bearer ${idToken}` };
    const me = await call(server.context, userEndpoints.getUser, { headers, namespace });
    expect(me.statusCode, me.body).toBe(200);
    return { headers, id: me.json<{ item: { id: string } }>().item.id, email };
  };

  beforeAll(async () => {
    if (skipDriver) return;
    server = await startIdentityServer();
    const { app, config } = server.context;
    const ownerEmail = 'owner-userpool@example.com';
    const officeEmail = 'office-userpool@firm.example';
    await createIdentityUser(app.db, config, {
      userType: 'REGULAR',
      email: ownerEmail,
      password,
      attributes: profile,
    });
    await createIdentityUser(app.db, config, {
      userType: 'PATENT',
      email: officeEmail,
      password,
      attributes: profile,
    });

    const officeAuth = createAuthClient({
      pools: server.pools,
      storage: new MemoryStorage(),
      locale: () => 'ja',
    });
    await officeAuth.signIn('PATENT', officeEmail, password);
    office = await portalUser('patent', (await officeAuth.getIdToken()) ?? '', officeEmail);

    const { REGULAR: pool } = server.pools;
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: pool.userPoolId,
          userPoolClientId: pool.clientId,
          userPoolEndpoint: pool.endpoint ?? undefined,
        },
      },
      API: {
        GraphQL: {
          endpoint: `${server.origin.replace(/^http/, 'ws')}/graphql`,
          region: 'local',
          defaultAuthMode: 'userPool',
        },
      },
    });
    const result = await signIn({ username: ownerEmail, password });
    expect(result.isSignedIn).toBe(true);
    const { tokens } = await fetchAuthSession();
    accessToken = tokens?.accessToken.toString() ?? '';
    owner = await portalUser('user', tokens?.idToken?.toString() ?? '', ownerEmail);

    await createOrganization(server.context, [{ user: owner, role: 0 }]);
    const firmId = await createFirm(server.context, 'Firm userpool');
    await app.db.update(users).set({ firmId }).where(eq(users.id, office.id));
    app.invalidatePrincipal(office.id);
    const matter = await createMatter(server.context, owner, { title: '案件 userpool' });
    projectId = matter.id;
    requestNumber = (await insertRequest(server.context, matter.id, firmId, owner.id)).number;
    url = realtimeUrl(server.origin);
  }, 180_000); // two SRP sign-ins and the identity service's first keys: slow on a loaded machine under PGlite
  afterAll(async () => {
    for (const stop of stops) stop();
    for (const client of open) await client.close();
    await server?.close();
  });

  test('the socket acknowledges a connection whose header carries the access token', async () => {
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())).toMatchObject({
      token_use: 'access',
    });
    const client = await connectRealtime(url, accessToken);
    open.push(client);
    expect(client.frames.map((frame) => frame.type)).toContain('connection_ack');
  });

  test('REST still takes ID tokens only: the access token is answered 401 (invalid token format)', async () => {
    const response = await call(server.context, userEndpoints.getUser, {
      headers: { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' },
      namespace: 'user',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toContain('Invalid token format');
  });

  test('generateClient with authMode userPool subscribes to a request’s mails and receives one sent over REST', async () => {
    const acked = new Promise<void>((resolve) => {
      stops.push(
        Hub.listen('api', ({ payload }) => {
          if (payload.event === 'Subscription ack') resolve();
        }),
      );
    });
    const received = new Promise<RealtimeData<'onRequestMail'>>((resolve, reject) => {
      const subscription = generateClient({ authMode: 'userPool' })
        .graphql<GraphQLSubscription<{ onRequestMail: unknown }>>({
          query: realtimeTopics.onRequestMail.query,
          variables: { projectId, requestId: requestNumber },
        })
        .subscribe({
          next: ({ data }) => resolve(realtimeTopics.onRequestMail.data.parse(data.onRequestMail)),
          error: (error: unknown) => reject(new Error(`subscription failed: ${JSON.stringify(error)}`)),
        });
      stops.push(() => subscription.unsubscribe());
    });
    await acked;

    const body = multipartMail({ subject: 'Amplify userPool', body: '届きましたか。' });
    const response = await call(server.context, requestMailEndpoints.sendRequestMail, {
      as: office,
      headers: { ...body.headers },
      namespace: 'patent',
      params: { projectId, requestId: requestNumber },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const mailId = response.json<{ item: { id: string } }>().item.id;
    expect(await received).toEqual({ mailId, projectId, requestId: requestNumber });
    // Ended before the sign-out below, so Amplify does not try to reconnect without a session.
    for (const stop of stops.splice(0)) stop();
  });

  test('after Amplify’s sign-out, the socket holding the access token closes (4401) and the token is refused', async () => {
    const client = await connectRealtime(url, accessToken);
    open.push(client);
    await signOut();
    expect((await client.closed).code).toBe(4401);

    const again = await openRealtime(url, { token: accessToken });
    open.push(again);
    again.send({ type: 'connection_init' });
    const refused = await again.next((frame) => frame.type === 'connection_error');
    expect(refused.payload?.errors?.[0]).toMatchObject({ errorCode: 401 });
    expect((await again.closed).code).toBe(4401);
  });
});
