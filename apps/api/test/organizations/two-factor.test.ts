/**
 * An organization's two-factor sign-in (ADR 0034): an administrator resets a member's second
 * factor (who may, what it ends, what the history says, and that the member then signs in with
 * the password alone), and the organization's requirement (403 until set up, 200 after, without
 * a new token; recorded; administrators only). Users sign in through @ipportal/auth over the
 * unmodified amazon-cognito-identity-js against the embedded identity service on a real port.
 */
import { MemoryStorage, createAuthClient, type AuthClient } from '@ipportal/auth';
import { organizationEndpoints, projectEndpoints, userEndpoints, type EndpointRoute } from '@ipportal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, identityRefreshTokens, identityUsers } from '../../src/db/schema/index.js';
import { createIdentityUser } from '../../src/identity/index.js';
import { totpCodeAt } from '../../src/identity/totp.js';
import { joinOrganization } from '../../src/repositories/organizations.js';
import { skipDriver } from '../support/db.js';
import { call, type CallArgs } from '../support/endpoints.js';
import { startIdentityServer, type IdentityServer } from '../identity/support.js';

const password = 'Sakura-2024';
let server: IdentityServer;

interface Person {
  email: string;
  auth: AuthClient;
  userId: string;
  secret?: string;
}

const codeOf = (secret: string, steps = 0) => totpCodeAt(secret, new Date(Date.now() + steps * 30_000));

function client(): AuthClient {
  return createAuthClient({ pools: server.pools, storage: new MemoryStorage(), locale: () => 'en' });
}

/** Calls one endpoint in the user namespace with the person's current ID token, in English. */
async function api<E extends EndpointRoute>(
  person: Person | AuthClient,
  definition: E,
  args: CallArgs<E> = {},
) {
  const auth = 'auth' in person ? person.auth : person;
  const token = await auth.getIdToken();
  const response = await call(server.context, definition, {
    ...args,
    namespace: 'user',
    headers: { authorization: `Bearer ${token ?? ''}`, 'accept-language': 'en' },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<{
      hasError: boolean;
      message: string;
      item?: Record<string, unknown>;
      items?: Record<string, unknown>[];
    }>(),
  };
}

/** A REGULAR user of the identity service, signed in (and so known to the portal). */
async function person(email: string): Promise<Person> {
  await createIdentityUser(server.context.app.db, server.context.config, {
    userType: 'REGULAR',
    email,
    password,
    attributes: {
      name: email.split('@')[0]!,
      address: 'Tokyo',
      phone_number: '+81312345678',
      'custom:region_code': '1',
    },
  });
  const auth = client();
  expect((await auth.signIn('REGULAR', email, password)).status).toBe('signedIn');
  const me = await api(auth, userEndpoints.getUser);
  expect(me.status).toBe(200);
  return { email, auth, userId: me.body.item!.id as string };
}

async function turnOnTotp(someone: Person): Promise<void> {
  const { secret } = await someone.auth.startTotpSetup('IP Portal');
  await someone.auth.confirmTotpSetup(codeOf(secret));
  someone.secret = secret;
}

async function createOrganization(admin: Person, name: string): Promise<string> {
  const created = await api(admin, organizationEndpoints.createOrganization, {
    body: { name, representativeName: '山田 太郎' },
  });
  expect(created.status).toBe(201);
  return created.body.item!.id as string;
}

/** Adds a member directly (invitations have their own tests) and drops their cached principal. */
async function addMember(organizationId: string, member: Person): Promise<void> {
  await server.context.app.db.transaction((tx) =>
    joinOrganization(
      tx,
      { organizationId, userId: member.userId, roleCode: 1, via: 'test' },
      { userId: null },
    ),
  );
  server.context.app.invalidatePrincipal(member.userId);
}

beforeAll(async () => {
  if (skipDriver) return;
  server = await startIdentityServer();
});

afterAll(async () => {
  await server?.close();
});

describe.skipIf(skipDriver)("an administrator resets a member's second factor", () => {
  let admin: Person;
  let member: Person;
  let plainMember: Person;
  let outsider: Person;
  let org: string;
  const resetOf = (who: Person, organizationId = org) => ({ params: { organizationId, userId: who.userId } });

  beforeAll(async () => {
    if (skipDriver) return;
    admin = await person('reset-admin@acme.example');
    member = await person('reset-member@acme.example');
    plainMember = await person('reset-plain@acme.example');
    outsider = await person('reset-outsider@other.example');
    org = await createOrganization(admin, 'Acme');
    await addMember(org, member);
    await addMember(org, plainMember);
    await createOrganization(outsider, 'Other');
    await turnOnTotp(member);
  });

  it('the members list says who has two-factor sign-in on', async () => {
    const list = await api(admin, organizationEndpoints.listMembers, { params: { organizationId: org } });
    expect(list.status).toBe(200);
    expect(Object.fromEntries(list.body.items!.map((m) => [m.email, m.twoFactorEnabled]))).toEqual({
      'reset-admin@acme.example': false,
      'reset-member@acme.example': true,
      'reset-plain@acme.example': false,
    });
  });

  it('a member who is not an administrator gets 403, someone of another organization 404; nothing changes', async () => {
    const byMember = await api(plainMember, organizationEndpoints.resetMemberTwoFactor, resetOf(member));
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toContain('Only an administrator of the organization can do this');
    const byOutsider = await api(outsider, organizationEndpoints.resetMemberTwoFactor, resetOf(member));
    expect(byOutsider.status).toBe(404);
    // An administrator of another organization cannot reach this one's members through their own either.
    const throughOwn = await api(
      outsider,
      organizationEndpoints.resetMemberTwoFactor,
      resetOf(member, (await api(outsider, userEndpoints.getUser)).body.item!.organizationId as string),
    );
    expect(throughOwn.status).toBe(404);
    expect(throughOwn.body.message).toContain('The member was not found');
    const [row] = await server.context.app.db
      .select({ totpEnabled: identityUsers.totpEnabled })
      .from(identityUsers)
      .where(eq(identityUsers.username, member.email));
    expect(row?.totpEnabled).toBe(true);
  });

  it('a member without two-factor sign-in has nothing to reset (409)', async () => {
    const r = await api(admin, organizationEndpoints.resetMemberTwoFactor, resetOf(plainMember));
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('This member has not set up two-factor sign-in');
  });

  it('the administrator resets it: the history names who and whom, the sessions end, the password alone signs in', async () => {
    // Before: the password alone is not enough.
    expect((await client().signIn('REGULAR', member.email, password)).status).toBe('totpRequired');

    const r = await api(admin, organizationEndpoints.resetMemberTwoFactor, resetOf(member));
    expect(r.status).toBe(200);
    expect(r.body.item).toMatchObject({ userId: member.userId, twoFactorEnabled: false });

    const [entry] = await server.context.app.db
      .select()
      .from(history)
      .where(and(eq(history.action, 'organization.member.twoFactorReset'), eq(history.entityId, org)))
      .orderBy(desc(history.occurredAt))
      .limit(1);
    expect(entry).toMatchObject({ actorUserId: admin.userId, entityType: 'organization' });
    expect(entry?.changes).toMatchObject({ userId: member.userId, email: member.email });
    expect(entry?.occurredAt).toBeInstanceOf(Date);

    // Every refresh token of the member is revoked, and their current ID token no longer works.
    const live = await server.context.app.db
      .select({ revokedAt: identityRefreshTokens.revokedAt })
      .from(identityRefreshTokens)
      .innerJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
      .where(eq(identityUsers.username, member.email));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((t) => t.revokedAt !== null)).toBe(true);
    expect((await api(member, userEndpoints.getUser)).status).toBe(401);

    // The member signs in with the password alone, through the real client flow.
    const again = client();
    expect((await again.signIn('REGULAR', member.email, password)).status).toBe('signedIn');
    expect(await again.hasTotp()).toBe(false);

    const list = await api(admin, organizationEndpoints.listMembers, { params: { organizationId: org } });
    expect(list.body.items!.find((m) => m.email === member.email)?.twoFactorEnabled).toBe(false);
  });
});

describe.skipIf(skipDriver)('an organization requires two-factor sign-in', () => {
  let admin: Person;
  let member: Person;
  let org: string;
  const requirement = (required: boolean) => ({ params: { organizationId: org }, body: { required } });

  beforeAll(async () => {
    if (skipDriver) return;
    admin = await person('require-admin@acme.example');
    member = await person('require-member@acme.example');
    org = await createOrganization(admin, 'Acme Require');
    await addMember(org, member);
  });

  it('an administrator without it is told to set it up first; a member may not set it (403)', async () => {
    const first = await api(admin, organizationEndpoints.setTwoFactorRequirement, requirement(true));
    expect(first.status).toBe(409);
    expect(first.body.message).toContain('Set up two-factor sign-in for yourself first');
    await turnOnTotp(admin);
    const byMember = await api(member, organizationEndpoints.setTwoFactorRequirement, requirement(true));
    expect(byMember.status).toBe(403);
    const organization = await api(admin, organizationEndpoints.getOrganization, {
      params: { organizationId: org },
    });
    expect(organization.body.item?.requireTwoFactor).toBe(false);
  });

  it('turning it on is recorded, and a member without it gets 403 for everything but the profile', async () => {
    // Seen before: the member's principal is cached without the requirement.
    expect((await api(member, projectEndpoints.listProjects)).status).toBe(200);

    const on = await api(admin, organizationEndpoints.setTwoFactorRequirement, requirement(true));
    expect(on.status).toBe(200);
    expect(on.body.item?.requireTwoFactor).toBe(true);
    const [entry] = await server.context.app.db
      .select()
      .from(history)
      .where(and(eq(history.action, 'organization.update'), eq(history.entityId, org)))
      .orderBy(desc(history.occurredAt))
      .limit(1);
    expect(entry).toMatchObject({ actorUserId: admin.userId, changes: { requireTwoFactor: [false, true] } });

    const refused = await api(member, projectEndpoints.listProjects);
    expect(refused.status).toBe(403);
    expect(refused.headers['x-two-factor-required']).toBe('1');
    expect(refused.body.message).toContain('Your organization requires two-factor sign-in');
    const orgRead = await api(member, organizationEndpoints.getOrganization, {
      params: { organizationId: org },
    });
    expect(orgRead.status).toBe(403);

    const me = await api(member, userEndpoints.getUser);
    expect(me.status).toBe(200);
    expect(me.body.item?.twoFactorSetupRequired).toBe(true);
    // The administrator has it: nothing is refused to them.
    expect((await api(admin, projectEndpoints.listProjects)).status).toBe(200);
    expect((await api(admin, userEndpoints.getUser)).body.item?.twoFactorSetupRequired).toBe(false);
  });

  it('once the member sets it up, the same token works at once', async () => {
    await turnOnTotp(member);
    expect((await api(member, projectEndpoints.listProjects)).status).toBe(200);
    expect((await api(member, userEndpoints.getUser)).body.item?.twoFactorSetupRequired).toBe(false);
  });

  it('an administrator reset sends the member back to set-up; turning the requirement off lets them in', async () => {
    expect(
      (
        await api(admin, organizationEndpoints.resetMemberTwoFactor, {
          params: { organizationId: org, userId: member.userId },
        })
      ).status,
    ).toBe(200);
    const again = client();
    expect((await again.signIn('REGULAR', member.email, password)).status).toBe('signedIn');
    expect((await api(again, projectEndpoints.listProjects)).status).toBe(403);

    const off = await api(admin, organizationEndpoints.setTwoFactorRequirement, requirement(false));
    expect(off.status).toBe(200);
    expect(off.body.item?.requireTwoFactor).toBe(false);
    expect((await api(again, projectEndpoints.listProjects)).status).toBe(200);
    const entries = await server.context.app.db
      .select({ changes: history.changes })
      .from(history)
      .where(and(eq(history.action, 'organization.update'), eq(history.entityId, org)));
    expect(entries.map((e) => e.changes)).toEqual([
      { requireTwoFactor: [false, true] },
      { requireTwoFactor: [true, false] },
    ]);
  });
});
