import { z } from 'zod';

/** A JSON Schema object, as z.toJSONSchema writes it. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Keywords that only validate: the serializer writes the value it is given and never checks
 * them, and the union branches below are picked by type and constants alone.
 */
const validationOnly = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'description',
  'title',
  'examples',
]);

const scalarTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** A branch that is one scalar type, perhaps a constant or enum of it (a literal, an enum value, null). */
function scalarTypeOf(schema: JsonSchema): string[] | undefined {
  const rest = Object.keys(schema).filter((k) => k !== 'type' && k !== 'const' && k !== 'enum');
  if (rest.length > 0) return undefined;
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  return types.every((t) => typeof t === 'string' && scalarTypes.has(t)) ? (types as string[]) : undefined;
}

/** `integer` and `number` in one union: a number (every integer is one). */
function mergedTypes(types: string[]): string | string[] {
  const unique = [...new Set(types)];
  const merged = unique.includes('number') ? unique.filter((t) => t !== 'integer') : unique;
  return merged.length === 1 ? merged[0]! : merged;
}

/**
 * The schema as the serializer needs it:
 * - validation-only keywords go (the zod schema validates, in tests and development);
 * - a union of scalars (a nullable date, a union of number literals) becomes one `type` list,
 *   which the serializer writes by `typeof` instead of validating each branch at run time;
 * - `additionalProperties: false` goes: the serializer writes declared properties only either
 *   way, and without it a union branch still matches an object that carries more than its
 *   schema (as zod, which strips the rest).
 * `const` and `enum` stay where they pick a union's branch (a discriminated union's tag).
 */
function simplify(schema: JsonSchema, inUnionBranch: boolean): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (validationOnly.has(keyword)) continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    if ((keyword === 'const' || keyword === 'enum') && !inUnionBranch) continue;
    out[keyword] = value;
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = out[union] as JsonSchema[] | undefined;
    if (!branches) continue;
    const simplified = branches.map((branch) => simplify(branch, true));
    const scalarTypes = simplified.map(scalarTypeOf);
    if (scalarTypes.every((types) => types !== undefined)) {
      delete out[union];
      out.type = mergedTypes(scalarTypes.flat());
    } else {
      out[union] = simplified;
    }
  }
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, JsonSchema>).map(([key, property]) => [
        key,
        simplify(property, inUnionBranch),
      ]),
    );
  }
  for (const nested of ['items', 'additionalProperties'] as const) {
    const value = out[nested];
    if (value && typeof value === 'object' && !Array.isArray(value))
      out[nested] = simplify(value as JsonSchema, inUnionBranch);
  }
  // A tuple (draft 7 writes its positions as an `items` list).
  if (Array.isArray(out.items))
    out.items = (out.items as JsonSchema[]).map((item) => simplify(item, inUnionBranch));
  return out;
}

/**
 * The JSON Schema of what a response schema sends (zod's output side), ready for the compiled
 * serializer. Throws for a schema JSON Schema cannot say (a transform, a date object): such a
 * response must be sent as its JSON form.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const full = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return simplify(full, false);
}
