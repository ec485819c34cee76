import { z } from 'zod';
import { conciergeStates } from '../../codes/codes.js';
import { endpoint } from '../endpoint.js';
import { itemEnvelope } from '../envelope.js';
import { requestBillingParamsSchema } from './parts.js';

/*
 * The concierge: the portal operator's coordinating office, a paid service a client turns on for
 * one request. The concierge is added to the request as coordinator and bills its fee; the
 * request's concierge state follows that invoice (awaiting payment, then paid). It reads the
 * request and its matter and writes in the request's mail thread; it never sees the user space.
 */

export const conciergeSchema = z.object({
  state: z.enum(conciergeStates.values),
  /** The coordinating office, once the service is on. */
  firm: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The concierge fee invoice, once issued. */
  invoiceId: z.uuid().nullable(),
  startedAt: z.iso.datetime().nullable(),
  /**
   * The service's price as the operator has set it (the server's concierge fee setting): the fee
   * before tax, its 10% consumption tax and the total, shown before the client turns it on.
   */
  fee: z.object({ amountYen: z.number().int(), taxYen: z.number().int(), totalYen: z.number().int() }),
});
export type Concierge = z.infer<typeof conciergeSchema>;
export const conciergeResponseSchema = itemEnvelope(conciergeSchema);

export const conciergeEndpoints = {
  getConcierge: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/concierge',
    namespaces: ['user', 'patent'],
    summary: "A request's concierge state and coordinating office",
    params: requestBillingParamsSchema,
    response: conciergeResponseSchema,
    refusals: ['requestNotFound'],
  }),
  startConcierge: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/concierge',
    namespaces: ['user'],
    summary: 'Turn the concierge on for a request: the concierge office joins it and bills its fee',
    params: requestBillingParamsSchema,
    response: conciergeResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'conciergeAlreadyUsed', 'conciergeNotAvailable'],
  }),
};
