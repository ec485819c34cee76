import type { Applicant, PriorityClaim } from '@ipportal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectParties, projectPriorityClaims } from '../../db/schema/index.js';
import type { ClaimRow, PartyRow } from './columns.js';

// A matter's applicants, inventors and agents, and its priority claims: rows kept in order.

/** The child rows of a matter, in their stored order. */
export async function childRows(db: Executor, projectId: string): Promise<[PartyRow[], ClaimRow[]]> {
  return Promise.all([
    db
      .select()
      .from(projectParties)
      .where(eq(projectParties.projectId, projectId))
      .orderBy(asc(projectParties.position), asc(projectParties.id)),
    db
      .select()
      .from(projectPriorityClaims)
      .where(eq(projectPriorityClaims.projectId, projectId))
      .orderBy(asc(projectPriorityClaims.position), asc(projectPriorityClaims.id)),
  ]);
}

/** Replaces the parties whole (the PATCH of the group sends the full list). */
export async function replaceApplicants(
  tx: Executor,
  projectId: string,
  applicants: Applicant[],
  userId: string | null,
): Promise<void> {
  await tx.delete(projectParties).where(eq(projectParties.projectId, projectId));
  if (applicants.length === 0) return;
  await tx.insert(projectParties).values(
    applicants.map((a, position) => ({
      projectId,
      role: a.role,
      position,
      identificationNumber: a.identificationNumber,
      name: a.name,
      address: a.address,
      shareRatio: a.shareRatio === null ? null : String(a.shareRatio),
      contribution: a.contribution === null ? null : String(a.contribution),
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

/** Replaces the priority claims whole. */
export async function replacePriorityClaims(
  tx: Executor,
  projectId: string,
  claims: PriorityClaim[],
  userId: string | null,
): Promise<void> {
  await tx.delete(projectPriorityClaims).where(eq(projectPriorityClaims.projectId, projectId));
  if (claims.length === 0) return;
  await tx.insert(projectPriorityClaims).values(
    claims.map((c, position) => ({
      projectId,
      position,
      regionCode: c.regionCode,
      baseApplicationNumber: c.baseApplicationNumber,
      baseApplicationDate: c.baseApplicationDate,
      accessCode: c.accessCode,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}
