import { errorEnvelopeSchema, itemEnvelope, type EndpointSpec } from '@ipportal/domain';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer, responseSerializerCompiler } from '../../src/http/response-serializer.js';
import { definitions } from '../support/definitions.js';
import { outsideProperty, sampleOf, sampleVariants } from '../support/response-samples.js';

/** Every JSON response schema of the definitions, and the error envelope every route answers. */
const responseSchemas: [string, z.ZodType][] = [
  ...Object.entries(definitions)
    .filter(
      (entry): entry is [string, EndpointSpec & { response: z.ZodType }] =>
        typeof entry[1].response !== 'string',
    )
    .map(([name, definition]): [string, z.ZodType] => [name, definition.response]),
  ['error envelope', errorEnvelopeSchema],
];

/** What the server sent before the compiled serializer: zod's output, through JSON.stringify. */
const zodJson = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

describe('the compiled response serializer says what zod said', () => {
  test.each(responseSchemas)('%s', (_name, schema) => {
    const serialize = compileResponseSerializer(schema);
    for (const variant of sampleVariants) {
      const sample = sampleOf(schema, variant);
      const sent = serialize(sample);
      // Key order may differ (the serializer writes required properties first); nothing else.
      expect(JSON.parse(sent), `variant ${variant}`).toStrictEqual(JSON.parse(zodJson(schema, sample)));
      expect(sent).not.toContain(outsideProperty);
    }
  });
});

describe('a union', () => {
  const event = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('message'), messageId: z.uuid(), seq: z.number().int() }),
    z.object({ kind: z.literal('read'), seq: z.number().int(), readerSide: z.enum(['client', 'office']) }),
  ]);
  const serialize = compileResponseSerializer(z.object({ items: z.array(event), last: event.nullable() }));

  test('writes each value as the branch its tag names, with that branch’s properties only', () => {
    const message = { kind: 'message', messageId: '0d9f0c6e-8a51-4d4e-9d4b-2f0e7c1a5b3c', seq: 3 };
    const read = { kind: 'read', seq: 3, readerSide: 'office' };
    const sent = serialize({
      items: [
        { ...message, readerSide: 'client', [outsideProperty]: 1 },
        { ...read, messageId: message.messageId },
      ],
      last: null,
    });
    expect(JSON.parse(sent)).toStrictEqual({ items: [message, read], last: null });
  });

  test('fails for a value no branch fits', () => {
    expect(() => serialize({ items: [{ kind: 'typing', seq: 1 }], last: null })).toThrow();
  });
});

describe('a value that holds only what its schema declares', () => {
  const page = z.object({
    items: z.array(z.object({ id: z.string(), title: z.string().nullable(), note: z.string().optional() })),
    total: z.number().int(),
  });
  const serialize = compileResponseSerializer(page);

  test('is written as it is, an undefined optional property left out', () => {
    const items = [
      { id: 'a', title: '電池', note: undefined },
      { id: 'b', title: null, note: 'x' },
    ];
    expect(JSON.parse(serialize({ items, total: 2 }))).toStrictEqual({
      items: [
        { id: 'a', title: '電池' },
        { id: 'b', title: null, note: 'x' },
      ],
      total: 2,
    });
  });

  test('an undeclared property anywhere is still left out, its neighbours kept', () => {
    const items = [
      { id: 'a', title: 'one' },
      { id: 'b', title: 'two', [outsideProperty]: 'secret' },
      { id: 'c', title: 'three' },
    ];
    const sent = serialize({ items, total: 3 });
    expect(sent).not.toContain(outsideProperty);
    expect(JSON.parse(sent)).toStrictEqual({
      items: [
        { id: 'a', title: 'one' },
        { id: 'b', title: 'two' },
        { id: 'c', title: 'three' },
      ],
      total: 3,
    });
    expect(items[1]).toHaveProperty(outsideProperty);
  });

  test('a missing required property still fails', () => {
    expect(() => serialize({ items: [{ id: 'a', title: 'one' }, { title: 'two' }], total: 2 })).toThrow(
      '"id" is required!',
    );
  });
});

describe('a response that does not fit its schema', () => {
  const answer = itemEnvelope(
    z.object({ id: z.uuid(), title: z.string(), filedOn: z.iso.date().nullable(), count: z.number().int() }),
  );
  const good = {
    hasError: false,
    message: '',
    item: { id: '0d9f0c6e-8a51-4d4e-9d4b-2f0e7c1a5b3c', title: 'x', filedOn: null, count: 1 },
  };

  async function serve(check: boolean, body: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ check }));
    app.get('/answer', { schema: { response: { 200: answer } } }, () => body);
    const response = await app.inject({ url: '/answer' });
    await app.close();
    return response;
  }

  test('is sent as its schema says, without the properties it does not declare', async () => {
    for (const check of [true, false]) {
      const response = await serve(check, {
        ...good,
        item: { ...good.item, passwordHash: 'secret' },
        extra: 1,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual(good);
    }
  });

  test('fails when a required property is missing, with or without the zod check', async () => {
    for (const check of [true, false]) {
      const { item, ...rest } = good;
      const { title: _title, ...withoutTitle } = item;
      expect((await serve(check, { ...rest, item: withoutTitle })).statusCode).toBe(500);
    }
  });

  test('fails on a wrong type or a date object outside production, where zod checks it', async () => {
    for (const wrong of [
      { ...good.item, count: 1.5 },
      { ...good.item, filedOn: new Date('2026-11-29T00:00:00Z') },
      { ...good.item, title: null },
      { ...good.item, id: 'not-a-uuid' },
    ]) {
      expect((await serve(true, { ...good, item: wrong })).statusCode).toBe(500);
    }
  });
});
