/*
 * The concierge (ADR 0019): the portal operator's office flagged `firms.concierge`. A client turns
 * it on for one request (use-cases/start-concierge.ts): the office becomes the request's
 * coordinator (`requests.coordinator_firm_id`), its fee invoice is issued like every invoice, and
 * the request's concierge state follows that invoice (awaitingPayment, then paid when a confirmed
 * payment covers it: payments/mark-paid.ts).
 */
export { feeOf, writeFeeDraft } from './fee.js';
export { getConcierge, readConcierge } from './read.js';
export { markConciergeStarted } from './start.js';
export { findStartable, type StartableConcierge } from './startable.js';
