import { refuse, type ChatSettings, type Refused } from '@ipportal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';
import { recordHistory } from '../history.js';
import { refusedAccess, type OrganizationActor } from '../organizations.js';

/*
 * An organization's chat settings: whether the office sees its members' 既読 marks (ADR 0031).
 * Members read them; administrators change them (the organization's own access checks).
 */

export async function getChatSettings(
  db: Executor,
  callerId: string,
  organizationId: string,
): Promise<ChatSettings | Refused> {
  const denied = await refusedAccess(db, callerId, organizationId, 'member');
  if (denied) return denied;
  const [row] = await db
    .select({ shareReadReceipts: organizations.shareChatReadReceipts })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
    .limit(1);
  return row ?? refuse('organizationNotFound');
}

export async function updateChatSettings(
  db: Executor,
  callerId: string,
  organizationId: string,
  settings: ChatSettings,
  actor: OrganizationActor,
): Promise<ChatSettings | Refused> {
  return db.transaction(async (tx) => {
    const denied = await refusedAccess(tx, callerId, organizationId, 'admin');
    if (denied) return denied;
    const [before] = await tx
      .select({ shareReadReceipts: organizations.shareChatReadReceipts })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
      .for('update');
    if (!before) return refuse('organizationNotFound');
    if (before.shareReadReceipts === settings.shareReadReceipts) return before;
    await tx
      .update(organizations)
      .set({
        shareChatReadReceipts: settings.shareReadReceipts,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(eq(organizations.id, organizationId));
    await recordHistory(tx, {
      actorUserId: actor.userId,
      traceId: actor.traceId ?? null,
      ip: actor.ip ?? null,
      action: 'organization.update',
      entityType: 'organization',
      entityId: organizationId,
      changes: { shareChatReadReceipts: [before.shareReadReceipts, settings.shareReadReceipts] },
    });
    return { shareReadReceipts: settings.shareReadReceipts };
  });
}
