import { z } from 'zod';
import { historyActions } from '../codes/history-actions.js';
import { endpoint } from './endpoint.js';
import { itemsEnvelope } from './envelope.js';
import { requestParamsSchema } from './request.js';

/**
 * The history of a request: every recorded event with who and when, oldest first. `action` names
 * the event (one of `historyActions`: `request.create`, `request.accept`, `request.mail.send`,
 * `request.periods.update`, `request.deliverable.create`, ...); `changes` holds what the event
 * recorded, e.g. `{ "userPeriod": ["2026-12-01", "2026-12-10"] }` or `{ "subject": "..." }`.
 */
export const requestHistoryEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime(),
  action: z.enum(historyActions.values),
  actor: z.object({
    id: z.uuid().nullable(),
    /** The user's name now; '' for the system. */
    name: z.string(),
    /** Which side acted: the client, the office, or the system. */
    side: z.enum(['client', 'office', 'system']),
  }),
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntrySchema>;

export const requestHistoryResponseSchema = itemsEnvelope(requestHistoryEntrySchema);
export type RequestHistoryResponse = z.infer<typeof requestHistoryResponseSchema>;

/** The history is append-only: there is only the call that reads it. */
export const requestHistoryEndpoints = {
  listRequestHistory: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/history',
    namespaces: ['user', 'patent'],
    summary: 'Every recorded event of a request with who and when, oldest first',
    description: 'Both sides read the same history; a request the caller may not see answers 404.',
    params: requestParamsSchema,
    response: requestHistoryResponseSchema,
    refusals: ['requestNotFound'],
  }),
};
