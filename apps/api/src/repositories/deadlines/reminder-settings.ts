import {
  deadlineKinds,
  defaultReminderOffsets,
  type ReminderScope,
  type ReminderSettings,
  type reminderSettingsBodySchema,
} from '@ipportal/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { notificationSettings } from '../../db/schema/index.js';

type Body = z.output<typeof reminderSettingsBodySchema>;

/** A user who never saved settings is reminded with these (the database defaults say the same). */
export const defaultReminderSettings = (scope: ReminderScope): ReminderSettings => ({
  scope,
  enabled: true,
  offsets: [...defaultReminderOffsets],
  kinds: [...deadlineKinds],
  delivery: 'mail',
});

export async function getReminderSettings(
  db: Executor,
  userId: string,
  scope: ReminderScope,
): Promise<ReminderSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, scope)))
    .limit(1);
  if (!row) return defaultReminderSettings(scope);
  return {
    scope,
    enabled: row.enabled,
    offsets: row.offsets,
    kinds: row.deadlineKinds.filter((kind): kind is (typeof deadlineKinds)[number] =>
      (deadlineKinds as readonly string[]).includes(kind),
    ),
    delivery: row.delivery,
  };
}

export async function saveReminderSettings(
  db: Executor,
  userId: string,
  scope: ReminderScope,
  body: Body,
): Promise<ReminderSettings> {
  const values = {
    enabled: body.enabled,
    offsets: body.offsets,
    deadlineKinds: body.kinds,
    delivery: body.delivery,
    updatedAt: new Date(),
    updatedBy: userId,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, kind: scope, createdBy: userId, ...values })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: values });
  return getReminderSettings(db, userId, scope);
}
