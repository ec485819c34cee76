import { createAuthClient, MemoryStorage } from '@ipportal/auth';
import { testConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/index.js';
import { firms, requests } from '../../src/db/schema/index.js';
import { createIdentityUser } from '../../src/identity/index.js';

/*
 * A client with one matter and one request, made against running server processes (embedded
 * identity): the user written into the database, signed in over SRP, the matter created through
 * REST, the firm and the request written directly. For the multi-process realtime test and
 * bench/realtime-fanout.ts.
 */

export interface RealtimeWorld {
  /** The client's ID token (REGULAR pool). */
  token: string;
  /** The same sign-in's access token (for a sign-out). */
  accessToken: string;
  projectId: string;
  /** The request's number within the matter. */
  number: number;
}

const password = 'Sakura-2024';

export async function seedRealtimeWorld(
  database: DatabaseHandle,
  databaseUrl: string,
  serverUrl: string,
  email = 'realtime@example.com',
): Promise<RealtimeWorld> {
  await createIdentityUser(database.db, testConfig({ DATABASE_URL: databaseUrl }), {
    userType: 'REGULAR',
    email,
    password,
    attributes: {
      name: 'Realtime Owner',
      address: 'Tokyo',
      phone_number: '+81312345678',
      'custom:region_code': '13',
    },
  });
  const auth = createAuthClient({
    pools: {
      REGULAR: {
        userPoolId: 'ap-northeast-1_LocalRegular',
        clientId: 'local-regular-client',
        endpoint: `${serverUrl}/identity/regular`,
      },
      PATENT: {
        userPoolId: 'ap-northeast-1_LocalPatent',
        clientId: 'local-patent-client',
        endpoint: `${serverUrl}/identity/patent`,
      },
    },
    storage: new MemoryStorage(),
    locale: () => 'en',
  });
  const signedIn = await auth.signIn('REGULAR', email, password);
  if (signedIn.status !== 'signedIn') throw new Error(`sign-in: ${signedIn.status}`);
  const token = signedIn.session.idToken;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const me = await fetch(`${serverUrl}/user/user`, { headers });
  const userId = ((await me.json()) as { item: { id: string } }).item.id;
  const created = await fetch(`${serverUrl}/user/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 0, refrenceCode: 'RT-1', regionCode: 1, title: 'リアルタイム' }),
  });
  if (created.status !== 201) throw new Error(`matter: ${created.status} ${await created.text()}`);
  const projectId = ((await created.json()) as { item: { id: string } }).item.id;
  const [firm] = await database.db
    .insert(firms)
    .values({ name: 'Realtime Firm', officeType: 'patentAttorney', regionCode: 1 })
    .returning({ id: firms.id });
  await database.db.insert(requests).values({
    projectId,
    number: 1,
    name: '見積依頼',
    type: 'estimate',
    content: '費用の見積をお願いします。',
    officeRegionCode: 1,
    officeType: 'patentAttorney',
    firmId: firm!.id,
    assigneeUserId: userId,
    createdBy: userId,
    updatedBy: userId,
  });
  return { token, accessToken: signedIn.session.accessToken, projectId, number: 1 };
}

/** POSTs a mail to the request through `serverUrl`; answers its id. */
export async function postRequestMail(
  serverUrl: string,
  world: RealtimeWorld,
  subject = '進捗',
): Promise<string> {
  const form = new FormData();
  form.set('subject', subject);
  form.set('body', 'ご確認ください。');
  const response = await fetch(`${serverUrl}/user/requests/${world.projectId}/${world.number}/mails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`mail: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { item: { id: string } }).item.id;
}
