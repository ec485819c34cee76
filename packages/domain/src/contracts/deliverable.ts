import { z } from 'zod';
import { ValidationMessage } from '../validation/messages.js';
import { idSchema } from '../validation/primitives.js';
import { binaryResponse, endpoint, multipartBody } from './endpoint.js';
import { itemEnvelope, itemsEnvelope } from './envelope.js';
import { requestParamsSchema } from './request.js';

/*
 * Deliverables: files the office hands over on a request, write-once. There is no call that
 * replaces or deletes one: a file uploaded again under the same title (its file name) becomes the
 * next version beside the earlier ones.
 */

/** Default largest deliverable, in bytes; the server's DELIVERABLE_MAX_BYTES decides. */
export const deliverableDefaultMaxBytes = 100 * 1024 * 1024;

export const deliverableSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectTitle: z.string(),
  projectRefrenceCode: z.string(),
  /** The request "No." (the path segment after the project id). */
  requestNumber: z.number().int().positive(),
  requestName: z.string(),
  firm: z.object({ id: z.uuid(), name: z.string(), nameEn: z.string().nullable() }),
  /** The file name it was uploaded under; a new upload under the same title is a new version. */
  title: z.string(),
  /** 1, 2, ... per request and title. */
  version: z.number().int().positive(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** Hex SHA-256 of the stored bytes, for checking a download. */
  sha256: z.string(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createDate: z.iso.datetime(),
});
export type Deliverable = z.infer<typeof deliverableSchema>;

export const requestDeliverableListResponseSchema = itemsEnvelope(deliverableSchema, {
  /** The largest file the office may upload, in bytes (server configuration). */
  maxUploadBytes: z.number().int().positive(),
});
export type RequestDeliverableListResponse = z.infer<typeof requestDeliverableListResponseSchema>;

export const deliverableResponseSchema = itemEnvelope(deliverableSchema);

export const deliverableListMaxLimit = 100;

/** GET /deliverables: every deliverable the caller may see, newest first. */
export const deliverableListQuerySchema = z
  .strictObject({
    projectId: idSchema.optional(),
    /** A request number within `projectId`. */
    requestNumber: z.coerce
      .number({ error: ValidationMessage.invalidId })
      .int({ error: ValidationMessage.invalidId })
      .positive({ error: ValidationMessage.invalidId })
      .optional(),
    firmId: idSchema.optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(deliverableListMaxLimit).default(50),
  })
  .refine((query) => query.requestNumber === undefined || query.projectId !== undefined, {
    error: ValidationMessage.required,
    path: ['projectId'],
  });
/** What a client sends (the schema coerces the query string). */
export interface DeliverableListQuery {
  projectId?: string;
  requestNumber?: number;
  firmId?: string;
  offset?: number;
  limit?: number;
}

/** What the filters of /deliverables offer: the matters, requests and offices that have deliverables. */
export const deliverableFacetsSchema = z.object({
  projects: z.array(z.object({ id: z.uuid(), title: z.string(), refrenceCode: z.string() })),
  requests: z.array(z.object({ projectId: z.uuid(), number: z.number().int().positive(), name: z.string() })),
  firms: z.array(z.object({ id: z.uuid(), name: z.string(), nameEn: z.string().nullable() })),
});
export type DeliverableFacets = z.infer<typeof deliverableFacetsSchema>;

export const deliverableListResponseSchema = itemsEnvelope(deliverableSchema, {
  /** All matching deliverables (for the pager). */
  total: z.number().int().nonnegative(),
  facets: deliverableFacetsSchema,
});
export type DeliverableListResponse = z.infer<typeof deliverableListResponseSchema>;

/** Path of one deliverable of a request. */
export const deliverableParamsSchema = requestParamsSchema.extend({ deliverableId: idSchema });

/**
 * Both sides list and download; only the addressed office uploads (the upload exists only under
 * /patent). A request the caller may not see answers 404.
 */
export const deliverableEndpoints = {
  listDeliverables: endpoint({
    method: 'GET',
    path: '/deliverables',
    namespaces: ['user', 'patent'],
    summary: 'Every deliverable the caller may see, newest first, with the filter options',
    description: 'Offset pagination; `requestNumber` needs `projectId`.',
    query: deliverableListQuerySchema,
    response: deliverableListResponseSchema,
    refusals: [],
  }),
  listRequestDeliverables: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/deliverables',
    namespaces: ['user', 'patent'],
    summary: "A request's deliverables, newest first, every version",
    params: requestParamsSchema,
    response: requestDeliverableListResponseSchema,
    refusals: ['requestNotFound'],
  }),
  downloadDeliverable: endpoint({
    method: 'GET',
    path: '/requests/:projectId/:requestId/deliverables/:deliverableId/file',
    namespaces: ['user', 'patent'],
    summary: 'Download a deliverable (Content-Disposition: attachment)',
    params: deliverableParamsSchema,
    response: binaryResponse,
    refusals: ['requestNotFound', 'deliverableNotFound'],
  }),
  uploadDeliverable: endpoint({
    method: 'POST',
    path: '/requests/:projectId/:requestId/deliverables',
    namespaces: ['patent'],
    summary: 'Upload a deliverable (multipart/form-data, part `file`); write-once',
    description:
      'At most DELIVERABLE_MAX_BYTES (413 above). A file name the request already has becomes its next version.',
    params: requestParamsSchema,
    body: multipartBody,
    response: deliverableResponseSchema,
    status: 201,
    idempotent: true,
    refusals: ['requestNotFound', 'projectDeleted', 'deliverablesOfficeOnly'],
  }),
};
