import type { ReminderScope, ReminderSettings } from '@ipportal/domain';
import { deadlineKinds, defaultReminderOffsets, deadlineEndpoints } from '@ipportal/domain';
import { HttpResponse } from 'msw';
import { server } from './msw-server';
import { handlerFor } from './handler-for';

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
    handlerFor(
      deadlineEndpoints.getReminderSettings,
      () => HttpResponse.json({ hasError: false, message: '', item: saved }),
      { params: { scope: start.scope } },
    ),
    handlerFor(
      deadlineEndpoints.updateReminderSettings,
      async ({ request }) => {
        const body = (await request.json()) as Omit<ReminderSettings, 'scope'>;
        bodies.push(body);
        const refusal = refuse?.(body);
        if (refusal)
          return HttpResponse.json(
            {
              hasError: true,
              message: refusal.message,
              ...(refusal.errors ? { errors: refusal.errors } : {}),
            },
            { status: refusal.status },
          );
        saved = { scope: start.scope, ...body };
        return HttpResponse.json({ hasError: false, message: '', item: saved });
      },
      { params: { scope: start.scope } },
    ),
  );
  return { bodies };
}
