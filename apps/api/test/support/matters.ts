import type { Database } from '../../src/db/index.js';
import { projects } from '../../src/db/schema/index.js';

export interface GeneratedMatter {
  type: number;
  status: number;
  family: string | null;
  deleted: boolean;
}

/**
 * Inserts `count` matters for an owner with a deterministic mix of types, statuses, families,
 * nullable fields and deletions; update times are one second apart, some deliberately equal
 * to exercise the id tiebreak of the cursor.
 */
export async function insertMatters(
  db: Database,
  ownerUserId: string,
  count: number,
  organizationId: string | null = null,
): Promise<GeneratedMatter[]> {
  const base = Date.UTC(2026, 0, 1);
  const generated: GeneratedMatter[] = [];
  const rows: (typeof projects.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const type = [0, 0, 2, 1, 3, 2, 0][i % 7]!;
    const status = i % 3;
    const family = i % 10 === 0 ? `Family ${i % 30}` : null;
    const deleted = i % 17 === 0;
    generated.push({ type, status, family, deleted });
    const at = new Date(base + Math.floor(i / 3) * 1000);
    rows.push({
      ownerUserId,
      organizationId,
      type,
      status,
      family,
      refrenceCode: `REF-${String(i).padStart(5, '0')}`,
      regionCode: [1, 2, 201, 202][i % 4]!,
      title: i % 11 === 0 ? `電池 100%_match ${i}` : `Matter ${i}`,
      applicationCode: i % 4 === 0 ? null : `特願2026-${String(i).padStart(6, '0')}`,
      applicationDate:
        i % 5 === 0
          ? null
          : `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      createdAt: at,
      updatedAt: at,
      deletedAt: deleted ? at : null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(projects).values(rows.slice(i, i + 500));
  return generated;
}
