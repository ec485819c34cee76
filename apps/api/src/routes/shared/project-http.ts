import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';

/*
 * Left only for the firm routes (routes/user/firms.ts, routes/patent/firm.ts), whose answers
 * still reuse input schemas; they get output schemas of their own on the organizations branch,
 * and this file goes with that merge. The matter routes no longer use it.
 */

/**
 * Response serializer for answers whose schema carries a one-way transform ('' -> null), which
 * the default serializer (zod encode) refuses. Parsing checks the same shape and is a no-op on
 * stored values (already trimmed, never '').
 */
export function parsingSerializerCompiler({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}): (data: unknown) => string {
  return (data) => {
    const result = safeParse(schema as $ZodType, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}
