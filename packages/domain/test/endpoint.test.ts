import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  deliverableEndpoints,
  endpoint,
  isRefused,
  pathOf,
  refusals,
  refuse,
  requestEndpoints,
  requestHistoryEndpoints,
  requestMailEndpoints,
  requestTermEndpoints,
} from '../src/index.js';

describe('endpoint definitions', () => {
  it('fill a path with URI-encoded params', () => {
    expect(pathOf(requestEndpoints.getRequest, { projectId: 'a b/c', requestId: 3 })).toBe(
      '/requests/a%20b%2Fc/3',
    );
    expect(pathOf(requestEndpoints.listRequests)).toBe('/requests');
    expect(
      pathOf(requestMailEndpoints.downloadRequestMailAttachment, {
        projectId: 'p',
        requestId: 2,
        mailId: 'm',
        fileId: 'f',
      }),
    ).toBe('/requests/p/2/mails/m/attachments/f');
  });

  it('refuse at compile time a params schema that does not name the path parameters', () => {
    const ok = endpoint({
      method: 'GET',
      path: '/things/:thingId',
      namespaces: ['user'],
      summary: 'a thing',
      params: z.object({ thingId: z.string() }),
      response: z.object({}),
      refusals: [],
    });
    expect(ok.path).toBe('/things/:thingId');
    // @ts-expect-error the schema names `id`, the path `:thingId`
    endpoint({
      method: 'GET',
      path: '/things/:thingId',
      namespaces: ['user'],
      summary: 'a thing',
      params: z.object({ id: z.string() }),
      response: z.object({}),
      refusals: [],
    });
    // @ts-expect-error a path parameter without a params schema
    endpoint({
      method: 'GET',
      path: '/things/:thingId',
      namespaces: ['user'],
      summary: 'x',
      response: z.object({}),
      refusals: [],
    });
  });

  it('list only refusals of the shared table, each with one status', () => {
    const definitions = [
      ...Object.values(requestEndpoints),
      ...Object.values(requestMailEndpoints),
      ...Object.values(requestTermEndpoints),
      ...Object.values(deliverableEndpoints),
      ...Object.values(requestHistoryEndpoints),
    ];
    for (const definition of definitions) {
      for (const refusal of definition.refusals) expect(refusals[refusal].status).toBeGreaterThanOrEqual(400);
    }
    expect(isRefused(refuse('requestNotFound'))).toBe(true);
    expect(isRefused({ id: 'x' })).toBe(false);
  });
});
