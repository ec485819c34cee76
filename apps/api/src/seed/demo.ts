import { randomUUID } from 'node:crypto';
import { officialFee, type Locale, type UserType } from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import {
  chatMessages,
  chatReads,
  chatRooms,
  firms,
  organizationMembers,
  organizations,
  pensionPayments,
  projectParties,
  projectPriorityClaims,
  projects,
  requestMails,
  requests,
  users,
} from '../db/schema/index.js';
import { recordHistory } from '../repositories/history.js';
import {
  demoConciergeFirm,
  demoConciergeUser,
  demoFirm,
  demoMatterAgeHours,
  demoMatters,
  demoOrganization,
  demoOrganizationAgeHours,
  demoPassword,
  demoPatentUser,
  demoRegularUser,
  type DemoMatter,
} from './demo-data.js';

export { demoPassword } from './demo-data.js';

export interface DemoIdentityUser {
  userType: UserType;
  email: string;
  password: string;
  attributes: { name: string; address: string; phone_number: string; 'custom:region_code': string };
  locale: Locale;
}

export interface SeedHooks {
  /** Creates (or finds) the identity-service user and answers its `sub`. Without it a random sub is used. */
  ensureIdentityUser?: (user: DemoIdentityUser) => Promise<string>;
}

export interface SeedResult {
  /** False when the demo data was already there (a second start). */
  created: boolean;
  logins: { userType: UserType; email: string; password: string }[];
}

function identityUser(userType: UserType, profile: typeof demoRegularUser): DemoIdentityUser {
  return {
    userType,
    email: profile.email,
    password: demoPassword,
    attributes: {
      name: profile.name,
      address: profile.address,
      phone_number: profile.phoneNumber,
      'custom:region_code': String(profile.regionCode),
    },
    locale: 'ja',
  };
}

async function ensureAppUser(
  db: Executor,
  userType: UserType,
  profile: typeof demoRegularUser,
  sub: string,
  firmId: string | null,
) {
  const [existing] = await db
    .select({ id: users.id, identitySub: users.identitySub })
    .from(users)
    .where(and(eq(users.userType, userType), eq(users.email, profile.email)))
    .limit(1);
  if (existing) {
    // The identity store may have been recreated: keep the app row and follow the new sub.
    if (existing.identitySub !== sub)
      await db
        .update(users)
        .set({ identitySub: sub, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const [row] = await db
    .insert(users)
    .values({
      userType,
      identitySub: sub,
      email: profile.email,
      name: profile.name,
      address: profile.address,
      phoneNumber: profile.phoneNumber,
      regionCode: profile.regionCode,
      locale: 'ja',
      firmId,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('demo user insert returned no row');
  return { id: row.id, created: true };
}

type DemoRequest = NonNullable<DemoMatter['request']>;

/**
 * One demo request with its mails, and the history its actions would have written (sent by the
 * client, accepted and completed by the office, each mail), each entry dated when it happened.
 */
async function seedRequest(
  tx: Executor,
  projectId: string,
  demo: DemoRequest,
  people: { regular: { id: string }; office: { id: string }; firmId: string },
  hoursAgo: (hours: number) => Date,
): Promise<void> {
  const { regular, office, firmId } = people;
  const sentAt = hoursAgo(demo.sentHoursAgo);
  const acceptedAt = demo.acceptedHoursAgo === undefined ? null : hoursAgo(demo.acceptedHoursAgo);
  const completedAt =
    acceptedAt && demo.completedHoursAgo !== undefined ? hoursAgo(demo.completedHoursAgo) : null;
  const status = completedAt ? 3 : acceptedAt ? 2 : 1;
  const lastChange = completedAt ?? acceptedAt ?? sentAt;
  const [request] = await tx
    .insert(requests)
    .values({
      projectId,
      number: 1,
      name: demo.name,
      type: demo.type,
      content: demo.content,
      status,
      officeRegionCode: demoFirm.regionCode,
      officeType: demoFirm.officeType,
      firmId,
      assigneeUserId: regular.id,
      createdAt: sentAt,
      updatedAt: lastChange,
      createdBy: regular.id,
      updatedBy: completedAt || acceptedAt ? office.id : regular.id,
    })
    .returning({ id: requests.id, number: requests.number });
  if (!request) throw new Error('demo request insert returned no row');
  const entry = { entityType: 'request', entityId: request.id, projectId, requestId: request.id };
  await recordHistory(tx, {
    ...entry,
    actorUserId: regular.id,
    action: 'request.create',
    changes: {
      number: request.number,
      name: demo.name,
      type: demo.type,
      officeRegionCode: demoFirm.regionCode,
      officeType: demoFirm.officeType,
      firmId,
    },
    occurredAt: sentAt,
  });
  if (acceptedAt)
    await recordHistory(tx, {
      ...entry,
      actorUserId: office.id,
      action: 'request.accept',
      changes: { status: [1, 2] },
      occurredAt: acceptedAt,
    });
  if (completedAt)
    await recordHistory(tx, {
      ...entry,
      actorUserId: office.id,
      action: 'request.complete',
      changes: { status: [2, 3] },
      occurredAt: completedAt,
    });
  for (const mail of demo.mails ?? []) {
    const mailSentAt = hoursAgo(mail.hoursAgo);
    const sender = mail.from === 'client' ? regular.id : office.id;
    const direction = mail.from === 'client' ? 'toOffice' : 'toClient';
    const [row] = await tx
      .insert(requestMails)
      .values({
        requestId: request.id,
        senderUserId: sender,
        direction,
        subject: mail.subject,
        body: mail.body,
        sentAt: mailSentAt,
        readAt: mail.read ? new Date(mailSentAt.getTime() + 3_600_000) : null,
        createdBy: sender,
      })
      .returning({ id: requestMails.id });
    if (!row) throw new Error('demo mail insert returned no row');
    await recordHistory(tx, {
      actorUserId: sender,
      action: 'request.mail.send',
      entityType: 'requestMail',
      entityId: row.id,
      projectId,
      requestId: request.id,
      changes: { direction, subject: mail.subject, attachments: [] },
      occurredAt: mailSentAt,
    });
  }
  if (demo.chat?.length) await seedChat(tx, request.id, demo.chat, people, hoursAgo);
}

/**
 * A request's chat room as the send route leaves it (seq per room, last_seq and last_message_at
 * on the room), read to the end by both demo users, the room's only members: nobody is owed a
 * digest for what the seed wrote.
 */
async function seedChat(
  tx: Executor,
  requestRowId: string,
  chat: NonNullable<DemoRequest['chat']>,
  people: { regular: { id: string }; office: { id: string } },
  hoursAgo: (hours: number) => Date,
): Promise<void> {
  const { regular, office } = people;
  const first = hoursAgo(chat[0]!.hoursAgo);
  const last = hoursAgo(chat[chat.length - 1]!.hoursAgo);
  const [room] = await tx
    .insert(chatRooms)
    .values({ requestId: requestRowId, lastSeq: chat.length, lastMessageAt: last, createdAt: first })
    .returning({ id: chatRooms.id });
  if (!room) throw new Error('demo chat room insert returned no row');
  await tx.insert(chatMessages).values(
    chat.map((message, index) => {
      const [sender, other] = message.from === 'client' ? [regular, office] : [office, regular];
      return {
        roomId: room.id,
        seq: index + 1,
        senderUserId: sender.id,
        senderSide: message.from,
        body: message.body,
        mentions: message.mentionsOther ? [other.id] : [],
        createdAt: hoursAgo(message.hoursAgo),
        createdBy: sender.id,
      };
    }),
  );
  await tx.insert(chatReads).values(
    [regular, office].map((user) => ({
      roomId: room.id,
      userId: user.id,
      lastReadSeq: chat.length,
      readAt: last,
      digestThroughSeq: chat.length,
    })),
  );
}

/**
 * Demo data for a first start: a REGULAR user (demo@example.com) administering an organization
 * with a dozen matters, a PATENT user (firm@example.com) whose firm has a complete profile, and
 * the operator's concierge (concierge@example.com).
 * Idempotent: a second start finds the users and changes nothing but a recreated identity sub.
 */
/** What a demo payment cost: the official fees of its years, from the table in force on the day. */
function demoPaymentAmount(
  project: DemoMatter['project'],
  payment: NonNullable<DemoMatter['payments']>[number],
): { amount: number; currency: string } {
  const right = { 0: 'patent', 1: 'utilityModel', 3: 'design' } as const;
  let amount = 0;
  let currency = 'JPY';
  for (let year = payment.yearFrom; year <= payment.yearTo; year += 1) {
    const fee = officialFee({
      office: 'JP',
      right: right[project.type as 0 | 1 | 3],
      kind: 'annuity',
      year,
      paymentDate: payment.paidOn,
      claims: project.claimsCount ?? null,
      examRequestDate: project.examRequestDate ?? null,
    });
    if (!fee.ok) throw new Error(`demo payment of ${project.refrenceCode}: ${fee.reason}`);
    amount += fee.quote.amount;
    currency = fee.quote.currency;
  }
  return { amount, currency };
}

export async function seedDemo(db: Database, hooks: SeedHooks = {}): Promise<SeedResult> {
  const subFor = async (user: DemoIdentityUser) =>
    hooks.ensureIdentityUser ? hooks.ensureIdentityUser(user) : randomUUID();
  const regularSub = await subFor(identityUser('REGULAR', demoRegularUser));
  const patentSub = await subFor(identityUser('PATENT', demoPatentUser));
  const conciergeSub = await subFor(identityUser('PATENT', demoConciergeUser));
  const logins = [
    { userType: 'REGULAR' as const, email: demoRegularUser.email, password: demoPassword },
    { userType: 'PATENT' as const, email: demoPatentUser.email, password: demoPassword },
    { userType: 'PATENT' as const, email: demoConciergeUser.email, password: demoPassword },
  ];

  const created = await db.transaction(async (tx) => {
    const [existingFirm] = await tx
      .select({ id: firms.id })
      .from(firms)
      .where(eq(firms.email, demoFirm.email))
      .limit(1);
    const firmId =
      existingFirm?.id ?? (await tx.insert(firms).values(demoFirm).returning({ id: firms.id }))[0]?.id;
    if (!firmId) throw new Error('demo firm insert returned no row');
    const office = await ensureAppUser(tx, 'PATENT', demoPatentUser, patentSub, firmId);
    // The operator's concierge office and its user (ADR 0019): out of the directory; a client
    // turns it on for a request from the request's estimate/billing tab.
    const [existingConcierge] = await tx
      .select({ id: firms.id })
      .from(firms)
      .where(eq(firms.email, demoConciergeFirm.email))
      .limit(1);
    const conciergeFirmId =
      existingConcierge?.id ??
      (await tx.insert(firms).values(demoConciergeFirm).returning({ id: firms.id }))[0]?.id;
    if (!conciergeFirmId) throw new Error('demo concierge insert returned no row');
    await ensureAppUser(tx, 'PATENT', demoConciergeUser, conciergeSub, conciergeFirmId);
    const regular = await ensureAppUser(tx, 'REGULAR', demoRegularUser, regularSub, null);
    if (!regular.created) return false;

    // The demo's past: the organization, then the matters, then what happened to their requests.
    const base = Date.now();
    const hoursAgo = (hours: number) => new Date(base - hours * 3_600_000);
    const orgCreatedAt = hoursAgo(demoOrganizationAgeHours);
    const [org] = await tx
      .insert(organizations)
      .values({
        ...demoOrganization,
        createdBy: regular.id,
        updatedBy: regular.id,
        createdAt: orgCreatedAt,
        updatedAt: orgCreatedAt,
      })
      .returning({ id: organizations.id });
    if (!org) throw new Error('demo organization insert returned no row');
    await tx.insert(organizationMembers).values({
      organizationId: org.id,
      userId: regular.id,
      roleCode: 0,
      createdBy: regular.id,
      updatedBy: regular.id,
      createdAt: orgCreatedAt,
      updatedAt: orgCreatedAt,
    });
    // The same entries as creating an organization through the API.
    await recordHistory(tx, {
      actorUserId: regular.id,
      action: 'organization.create',
      entityType: 'organization',
      entityId: org.id,
      changes: { ...demoOrganization },
      occurredAt: orgCreatedAt,
    });
    await recordHistory(tx, {
      actorUserId: regular.id,
      action: 'organization.member.add',
      entityType: 'organization',
      entityId: org.id,
      changes: { userId: regular.id, roleInOrganizationCode: 0, via: 'create' },
      occurredAt: orgCreatedAt,
    });

    for (const [index, matter] of demoMatters.entries()) {
      // Spread update times so the default sort (newest first) shows a stable, realistic order;
      // each matter was registered well before its requests.
      const updatedAt = hoursAgo(index);
      const createdAt = hoursAgo(demoMatterAgeHours + index);
      const [project] = await tx
        .insert(projects)
        .values({
          ...matter.project,
          ownerUserId: regular.id,
          organizationId: org.id,
          createdBy: regular.id,
          updatedBy: regular.id,
          createdAt,
          updatedAt,
        })
        .returning({ id: projects.id });
      if (!project) throw new Error('demo matter insert returned no row');
      await recordHistory(tx, {
        actorUserId: regular.id,
        action: 'project.create',
        entityType: 'project',
        entityId: project.id,
        projectId: project.id,
        changes: {
          type: matter.project.type,
          refrenceCode: matter.project.refrenceCode,
          regionCode: matter.project.regionCode,
          title: matter.project.title,
        },
        occurredAt: createdAt,
      });
      if (matter.parties?.length)
        await tx.insert(projectParties).values(matter.parties.map((p) => ({ ...p, projectId: project.id })));
      if (matter.priorityClaims?.length)
        await tx
          .insert(projectPriorityClaims)
          .values(matter.priorityClaims.map((p) => ({ ...p, projectId: project.id })));
      for (const payment of matter.payments ?? [])
        await tx.insert(pensionPayments).values({
          ...payment,
          projectId: project.id,
          ...demoPaymentAmount(matter.project, payment),
          createdBy: regular.id,
          updatedBy: regular.id,
        });
      if (matter.request)
        await seedRequest(tx, project.id, matter.request, { regular, office, firmId }, hoursAgo);
    }
    await recordHistory(tx, {
      actorUserId: null,
      actorKind: 'system',
      action: 'seed.demo',
      entityType: 'organization',
      entityId: org.id,
    });
    return true;
  });
  return { created, logins };
}
