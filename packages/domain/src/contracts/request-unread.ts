import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';
import { requestUnreadSummaryRoute } from './first-download-routes.js';

/**
 * The caller's unread mails over every request they see (the
 * sidebar's badge), and on how many requests they wait.
 */
export const requestUnreadSummarySchema = z.object({
  unreadMailCount: z.number().int().nonnegative(),
  requestsWithUnread: z.number().int().nonnegative(),
  /**
   * On the office side, the requests waiting for the office's answer (received, neither accepted
   * nor declined), addressed to the caller's office or coordinated by it; 0 on the client side.
   */
  awaitingRequestCount: z.number().int().nonnegative(),
});
export type RequestUnreadSummary = z.infer<typeof requestUnreadSummarySchema>;
export const requestUnreadSummaryResponseSchema = itemEnvelope(requestUnreadSummarySchema);
export type RequestUnreadSummaryResponse = z.infer<typeof requestUnreadSummaryResponseSchema>;

/** Its route is declared zod-free in first-download-routes.ts (the sidebar's badge needs it at once). */
export const requestUnreadSummaryEndpoint = endpoint({
  ...requestUnreadSummaryRoute,
  summary: "Unread mails over the caller's requests",
  description:
    "Mails sent to the caller's side and not read yet (opening a thread marks them read), counted over every request the caller sees, and how many requests have any. Each row of GET /requests carries its own unreadMailCount. On the office side also the requests waiting for the office's answer (received, neither accepted nor declined).",
  response: requestUnreadSummaryResponseSchema,
  refusals: [],
});
