import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseJsonSchema } from './response-json-schema.js';
import { compileProjection } from './response-projection.js';

type Serialize = (data: unknown) => string;

/**
 * One compiled serializer per response schema, shared by every route and every app built in
 * the process: the error envelope alone answers ten statuses of every route, and tests build
 * an app per file.
 */
const compiled = new WeakMap<z.ZodType, Serialize>();

/**
 * The response schema's compiled serializer: the value's projection on its schema (the declared
 * properties only, so nothing outside the schema leaves the server; a missing required property
 * or a value no branch of a union fits fails), written by `JSON.stringify` (ADR 0062).
 */
export function compileResponseSerializer(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const project = compileProjection(responseJsonSchema(schema));
    serialize = (data) => JSON.stringify(project(data));
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** A route registered with `{ properties: schema }` (the OpenAPI plugin's form) or the schema itself. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

export interface ResponseSerializerOptions {
  /**
   * Also parse every response with its zod schema (the answer must fit it, as before the
   * compiled serializer) and fail unless the compiled JSON says the same as zod's output.
   * On in tests and development, where it catches a handler that answers the wrong shape;
   * off in production, where the compiled serializer alone writes the answer (docs/adr/0051).
   */
  check: boolean;
}

/** Fastify's serializer compiler for the routes' zod response schemas (app.setSerializerCompiler). */
export function responseSerializerCompiler({
  check,
}: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    // Production compiles every route's serializer at start-up (a schema JSON Schema cannot say
    // stops the start); with the check, on a route's first answer: a test file starts an app for
    // a few routes, and test/api/response-serializer.test.ts compiles every definition's.
    if (!check) return compileResponseSerializer(zodSchema);
    let serialize: Serialize | undefined;
    return (data) => {
      serialize ??= compileResponseSerializer(zodSchema);
      const parsed = z.safeEncode(zodSchema, data);
      if (parsed.error) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const sent = serialize(data);
      const expected: unknown = JSON.parse(JSON.stringify(parsed.data));
      if (!isDeepStrictEqual(JSON.parse(sent), expected)) {
        throw new Error(
          `${method} ${url}: the compiled serializer wrote ${sent}, zod's output is ${JSON.stringify(expected)}`,
        );
      }
      return sent;
    };
  };
}
