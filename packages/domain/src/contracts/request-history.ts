import { z } from 'zod';
import { itemsEnvelope } from './envelope.js';

/*
 * The history of a request (issue 9): every recorded event with who and when, oldest first.
 *
 *   GET /requests/{projectId}/{number}/history    requestHistoryResponseSchema
 *
 * `action` names the event (`request.create`, `request.accept`, `request.mail.send`,
 * `request.periods.update`, `request.deliverable.create`, ...); `changes` holds what the event
 * recorded, e.g. `{ "userPeriod": ["2026-12-01", "2026-12-10"] }` or `{ "subject": "..." }`.
 */

export const requestHistoryEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.iso.datetime(),
  action: z.string(),
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
