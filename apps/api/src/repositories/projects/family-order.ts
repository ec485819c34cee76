import type { ProjectListGroup } from '@ipportal/domain';
import { asc, sql, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema/index.js';

/*
 * The order of a view grouped by family, shared by its pages (list.ts), its group sizes
 * (family-groups.ts) and its CSV (export.ts) so the three agree row for row.
 *
 * The family is compared in collation "C" (byte order of UTF-8, i.e. code point order), not the
 * database's default: PGlite's default is "C" while a PostgreSQL server's is whatever initdb was
 * given (en_US.UTF-8 sorts "a" before "B", "C" does not), and the same view must list the same
 * rows at the same offsets on both. ICU collations would sort closer to a person's eye but depend
 * on the ICU version each build links (docs/adr/0020).
 *
 * The group key is the stored family as it is: every write trims it and stores a blank as NULL
 * (optionalText), so a group is exactly what the list's `family` filter answers.
 */

/** The family as a grouped view sorts it. */
export const familyOrderKey: SQL = sql`${projects.family} collate "C"`;

/**
 * The keys a grouping puts before the view's own sort. Ascending puts NULL last in PostgreSQL,
 * which is where the matters without a family belong.
 */
export function groupOrder(group: ProjectListGroup | undefined): SQL[] {
  return group === 'family' ? [asc(familyOrderKey)] : [];
}
