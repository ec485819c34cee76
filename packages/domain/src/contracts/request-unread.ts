import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';

/**
 * The caller's unread mails over every request they see (the
 * sidebar's badge), and on how many requests they wait.
 */
export const requestUnreadSummarySchema = z.object({
  unreadMailCount: z.number().int().nonnegative(),
  requestsWithUnread: z.number().int().nonnegative(),
});
export type RequestUnreadSummary = z.infer<typeof requestUnreadSummarySchema>;
export const requestUnreadSummaryResponseSchema = itemEnvelope(requestUnreadSummarySchema);
export type RequestUnreadSummaryResponse = z.infer<typeof requestUnreadSummaryResponseSchema>;

/**
 * Apart from the other request endpoints: the sidebar's badge is part of every page, so this
 * module is in the first download and imports nothing else of the request contract.
 */
export const requestUnreadSummaryEndpoint = endpoint({
  method: 'GET',
  path: '/requests/unread-summary',
  namespaces: ['user', 'patent'],
  summary: "Unread mails over the caller's requests",
  description:
    "Mails sent to the caller's side and not read yet (opening a thread marks them read), counted over every request the caller sees, and how many requests have any. Each row of GET /requests carries its own unreadMailCount.",
  response: requestUnreadSummaryResponseSchema,
  refusals: [],
});
