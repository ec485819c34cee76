import type { ReminderScope, ReminderSettings } from '@ipportal/domain';
import { deadlineKinds, defaultReminderOffsets } from '@ipportal/domain';
import { http, HttpResponse } from 'msw';
import { server, testApiBase } from './msw-server';

/** What GET /reminder-settings/:scope answers for a user who never saved their settings. */
export function defaultReminderSettings(scope: ReminderScope): ReminderSettings {
  return {
    scope,
    enabled: true,
    offsets: [...defaultReminderOffsets],
    kinds: [...deadlineKinds],
    delivery: 'mail',
  };
}

export interface Refusal {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * GET and PUT /reminder-settings/:scope of `start.scope`, starting from `start`: PUT records each
 * body and answers what it saved, or the error envelope `refuse` returns for that body.
 */
export function reminderSettingsApi(
  start: ReminderSettings,
  refuse?: (body: unknown) => Refusal | undefined,
) {
  let saved = start;
  const bodies: unknown[] = [];
  server.use(
    http.get(`${testApiBase.user}/reminder-settings/${start.scope}`, () =>
      HttpResponse.json({ hasError: false, message: '', item: saved }),
    ),
    http.put(`${testApiBase.user}/reminder-settings/${start.scope}`, async ({ request }) => {
      const body = (await request.json()) as Omit<ReminderSettings, 'scope'>;
      bodies.push(body);
      const refusal = refuse?.(body);
      if (refusal)
        return HttpResponse.json(
          { hasError: true, message: refusal.message, ...(refusal.errors ? { errors: refusal.errors } : {}) },
          { status: refusal.status },
        );
      saved = { scope: start.scope, ...body };
      return HttpResponse.json({ hasError: false, message: '', item: saved });
    }),
  );
  return { bodies };
}
