import { z } from 'zod';
import { ApiErrorMessage } from '../i18n/api-errors.js';
import { epcStates, unitaryPatentStates } from '../regions/epc-states.js';
import { ValidationMessage } from '../validation/messages.js';
import { endpoint } from './endpoint.js';
import { itemEnvelope } from './envelope.js';
import { projectIdParamsSchema } from './project.js';

/*
 * Where a granted European patent took effect: the EPC states it was validated in, and whether
 * unitary effect was registered. After the mention of grant the renewal fees are paid to those
 * states' offices (EPC Art. 141) and, for a Unitary Patent, to the EPO (Reg. (EU) 1257/2012
 * Art. 11); /pension and /terms list them from these facts.
 */

export const epGrantSchema = z
  .strictObject({
    unitaryEffect: z.boolean({ error: ValidationMessage.invalidValue }),
    validatedStates: z
      .array(z.enum(epcStates, { error: ValidationMessage.invalidEpcState }), {
        error: ValidationMessage.invalidValue,
      })
      .max(epcStates.length, { error: ValidationMessage.duplicateEpcState }),
  })
  .superRefine((grant, ctx) => {
    if (new Set(grant.validatedStates).size !== grant.validatedStates.length)
      ctx.addIssue({
        code: 'custom',
        path: ['validatedStates'],
        message: ValidationMessage.duplicateEpcState,
      });
    const covered = grant.unitaryEffect
      ? grant.validatedStates.filter((state) => unitaryPatentStates.includes(state))
      : [];
    // Where unitary effect applies, it replaces national validation (Reg. (EU) 1257/2012 Art. 4(2)).
    if (covered.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['validatedStates'],
        message: ValidationMessage.unitaryStateValidated,
        params: { states: covered.join(', ') },
      });
  });
export type EpGrantBody = z.infer<typeof epGrantSchema>;

export const epGrantReadSchema = z.object({
  /** False when the matter is not a granted European patent: nothing can be recorded yet. */
  applicable: z.boolean(),
  unitaryEffect: z.boolean(),
  validatedStates: z.array(z.enum(epcStates)),
});
export type EpGrantRead = z.infer<typeof epGrantReadSchema>;

/** A matter's validations and unitary effect; the client side records them on the matter page. */
export const epGrantEndpoints = {
  getEpGrant: endpoint({
    method: 'GET',
    path: '/projects/:projectId/ep-grant',
    namespaces: ['user'],
    summary: 'Where a granted European patent was validated, and whether unitary effect was registered',
    params: projectIdParamsSchema,
    response: itemEnvelope(epGrantReadSchema),
    refusals: ['projectNotFound'],
  }),
  updateEpGrant: endpoint({
    failureMessage: ApiErrorMessage.projectUpdateFailed,
    method: 'PUT',
    path: '/projects/:projectId/ep-grant',
    namespaces: ['user'],
    summary: "Record a granted European patent's validation states and unitary effect",
    description:
      'States are EPC contracting states (CH stands for Switzerland and Liechtenstein), each once; with unitary effect the states it covers cannot also be listed. The national and Unitary Patent renewal fees on /pension and /terms follow.',
    params: projectIdParamsSchema,
    body: epGrantSchema,
    response: itemEnvelope(epGrantReadSchema),
    refusals: ['projectNotFound', 'projectDeleted', 'notGrantedEuropeanPatent'],
  }),
} as const;
