import { RegionCode } from '@ipportal/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Gives a scale-seeded organization (scale.ts) the dates the deadline rules read, so its matters
 * have deadlines like a real portfolio's (bench/api-terms.ts): the scale seeder alone leaves a
 * third of the matters without a filing date and none registered. Deterministic by the row
 * number the scale seeder keeps in the reference (S-000123), and dated from today, so the
 * reminders due on the day of a run are the same share whenever it runs:
 * - every third matter (the ones without a filing date) is an older right: filed 3 to 13 years
 *   ago, registered 600 to 1,100 days after filing, with its yearly payments recorded through the
 *   year running now (patents, utility models, designs; a trademark's 10 years are paid at
 *   registration), so what is left is the next payment, renewals and the terms' ends;
 *   A PCT application among them is in its international phase instead (filed in the last 900
 *   days, never registered);
 * - the matters the scale seeder gave a registration number (every 12th) are registered 300 days
 *   after their 2024 filing (PCT applications excepted);
 * - each live request (every fourth matter) has a legal deadline within the next 180 days and a
 *   user deadline two weeks before it.
 * The deadlines table itself is left to the caller: production fills it with refreshDeadlines.
 */
export async function seedDeadlineDates(db: Executor, organizationId: string): Promise<void> {
  const rowNumber = sql.raw(`substr(p.refrence_code, 3)::int`);
  const pct = RegionCode.Pct;
  await db.execute(sql`
    update projects p set
      application_date = current_date - (1100 + (${rowNumber} * 37) % 3650),
      regist_date = current_date - (1100 + (${rowNumber} * 37) % 3650) + (600 + ${rowNumber} % 500)
     where p.organization_id = ${organizationId} and ${rowNumber} % 3 = 0 and p.region_code <> ${pct}`);
  // A PCT application is never registered itself: it is in its international phase (filed in
  // the last 900 days), and its rights are the national matters'.
  await db.execute(sql`
    update projects p set application_date = current_date - ((${rowNumber} * 37) % 900)
     where p.organization_id = ${organizationId} and ${rowNumber} % 3 = 0 and p.region_code = ${pct}`);
  await db.execute(sql`
    update projects p set regist_date = p.application_date + 300
     where p.organization_id = ${organizationId} and ${rowNumber} % 12 = 1 and p.application_date is not null
       and p.region_code <> ${pct}`);
  await db.execute(sql`
    insert into pension_payments (project_id, paid_on, year_from, year_to, amount, currency)
    select p.id, p.regist_date, 1,
           greatest(1, extract(year from age(current_date, p.regist_date))::int + 1), 10000, 'JPY'
      from projects p
     where p.organization_id = ${organizationId} and p.regist_date is not null and p.type in (0, 1, 3)`);
  await db.execute(sql`
    update requests r set
      decision_period = current_date + (${rowNumber} % 180),
      user_period = current_date + (${rowNumber} % 180) - 14
      from projects p
     where r.project_id = p.id and p.organization_id = ${organizationId} and r.deleted_at is null`);
}
