import {
  isFirmProfileComplete,
  type CaseType,
  type Firm,
  type FirmDirectoryEntry,
  type OfficeType,
  type UpdateFirmBody,
} from '@ipportal/domain';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { firms, users } from '../db/schema/index.js';
import { recordHistory } from './history.js';
import type { ActorContext } from './users.js';

type FirmRow = typeof firms.$inferSelect;

export function toFirm(row: FirmRow): Firm {
  const firm = {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    officeType: row.officeType,
    regionCode: row.regionCode,
    address: row.address,
    phoneNumber: row.phoneNumber,
    email: row.email,
    website: row.website,
    languages: row.languages,
    caseTypes: row.caseTypes as CaseType[],
    technicalFields: row.technicalFields,
    feeNotes: row.feeNotes,
    updateDate: row.updatedAt.toISOString(),
  };
  return { ...firm, complete: isFirmProfileComplete(firm), concierge: row.concierge };
}

export function toDirectoryEntry(firm: Firm): FirmDirectoryEntry {
  const { complete: _complete, concierge: _concierge, updateDate: _updateDate, ...entry } = firm;
  return entry;
}

/** A live office by id. */
export async function getFirm(db: Executor, firmId: string): Promise<Firm | undefined> {
  const [row] = await db
    .select()
    .from(firms)
    .where(and(eq(firms.id, firmId), isNull(firms.deletedAt)))
    .limit(1);
  return row ? toFirm(row) : undefined;
}

/** The caller's office (by the firm id of their principal); null while they have none. */
export async function getOwnFirm(db: Executor, firmId: string | null): Promise<Firm | null> {
  return (firmId ? await getFirm(db, firmId) : undefined) ?? null;
}

/** The profile columns a PUT writes. */
function columnsOf(body: UpdateFirmBody) {
  return {
    name: body.name,
    nameEn: body.nameEn,
    officeType: body.officeType,
    regionCode: body.regionCode,
    address: body.address,
    phoneNumber: body.phoneNumber,
    email: body.email,
    website: body.website,
    languages: [...body.languages],
    caseTypes: [...body.caseTypes],
    technicalFields: [...body.technicalFields],
    feeNotes: body.feeNotes,
  };
}

/** `{ field: [before, after] }`; arrays compared by value so an unchanged list records nothing. */
function profileChanges(
  before: FirmRow,
  after: ReturnType<typeof columnsOf>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key as keyof FirmRow] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = [old, value];
  }
  return changes;
}

export type SaveFirmOutcome = { firm: Firm; created: boolean };

/**
 * Saves the caller's office profile. A PATENT user without an office creates it with the first
 * save and becomes its member (the portal has no separate office sign-up; the user row is
 * locked so two first saves cannot create two offices). History: `firm.create` / `firm.update`.
 */
export async function saveOwnFirm(
  db: Executor,
  userId: string,
  body: UpdateFirmBody,
  actor: ActorContext,
): Promise<SaveFirmOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ firmId: users.firmId })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for('update');
    const values = columnsOf(body);
    const now = new Date();
    const [existing] = user?.firmId
      ? await tx
          .select()
          .from(firms)
          .where(and(eq(firms.id, user.firmId), isNull(firms.deletedAt)))
          .limit(1)
          .for('update')
      : [];
    if (!existing) {
      const [created] = await tx
        .insert(firms)
        .values({
          ...values,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('firm insert returned no row');
      await tx
        .update(users)
        .set({ firmId: created.id, updatedAt: now, updatedBy: actor.userId })
        .where(eq(users.id, userId));
      await recordHistory(tx, {
        actorUserId: actor.userId,
        action: 'firm.create',
        entityType: 'firm',
        entityId: created.id,
        changes: { ...values },
        traceId: actor.traceId,
        ip: actor.ip,
      });
      return { firm: toFirm(created), created: true };
    }
    const changes = profileChanges(existing, values);
    if (Object.keys(changes).length === 0) return { firm: toFirm(existing), created: false };
    const [updated] = await tx
      .update(firms)
      .set({ ...values, updatedAt: now, updatedBy: actor.userId })
      .where(eq(firms.id, existing.id))
      .returning();
    if (!updated) throw new Error('firm update returned no row');
    await recordHistory(tx, {
      actorUserId: actor.userId,
      action: 'firm.update',
      entityType: 'firm',
      entityId: existing.id,
      changes,
      traceId: actor.traceId,
      ip: actor.ip,
    });
    return { firm: toFirm(updated), created: false };
  });
}

/** Upper bound of one directory answer; a country and type narrow it far below this. */
const directoryLimit = 1000;

/**
 * The office directory for clients: live offices accepting requests whose profile is complete
 * (the domain's isFirmProfileComplete decides, so the server and the web app agree), optionally
 * of one country and office type, by name.
 */
export async function listDirectory(
  db: Executor,
  filter: { regionCode?: number | undefined; officeType?: OfficeType | undefined },
): Promise<FirmDirectoryEntry[]> {
  // The concierge office is not an office clients address (ADR 0019).
  const conditions: SQL[] = [
    isNull(firms.deletedAt),
    eq(firms.acceptingRequests, true),
    eq(firms.concierge, false),
  ];
  if (filter.regionCode !== undefined) conditions.push(eq(firms.regionCode, filter.regionCode));
  if (filter.officeType !== undefined) conditions.push(eq(firms.officeType, filter.officeType));
  const rows = await db
    .select()
    .from(firms)
    .where(and(...conditions))
    .orderBy(asc(firms.name), asc(firms.id))
    .limit(directoryLimit);
  return rows
    .map(toFirm)
    .filter((firm) => firm.complete)
    .map(toDirectoryEntry);
}

/** Whether a firm may receive a request for this country and office type (the request form's rule). */
export async function findRequestableFirm(
  db: Executor,
  firmId: string,
  regionCode: number,
  officeType: OfficeType,
): Promise<Firm | undefined> {
  const [row] = await db
    .select()
    .from(firms)
    .where(
      and(
        eq(firms.id, firmId),
        isNull(firms.deletedAt),
        eq(firms.acceptingRequests, true),
        eq(firms.concierge, false),
        eq(firms.regionCode, regionCode),
        eq(firms.officeType, officeType),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const firm = toFirm(row);
  return firm.complete ? firm : undefined;
}
