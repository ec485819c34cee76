import type { JsonSchema } from './response-json-schema.js';

/**
 * What a response schema lets out of a value, compiled once per schema: the declared properties
 * only (ADR 0062). A value that holds nothing else is its own projection and is not copied (ADR
 * 0063). `JSON.stringify` then writes it; V8's native stringify writes a page of 100 matters in
 * about half the time fast-json-stringify's generated code took.
 *
 * The schema is one `responseJsonSchema` wrote (simplified: types, properties, required, items,
 * additionalProperties, anyOf/oneOf whose object branches a `const` or `enum` property tells
 * apart). A required property that is missing throws, as the compiled serializer did: the
 * answer is a 500, never a half answer.
 */
export type Project = (value: unknown) => unknown;

const asIs: Project = (value) => value;

export function compileProjection(schema: JsonSchema): Project {
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches)
    return unionProjection(branches.map((branch) => ({ branch, project: compileProjection(branch) })));
  const types = typeList(schema);
  if (types.includes('object') && schema.properties) return objectProjection(schema);
  if (types.includes('object') && isSchema(schema.additionalProperties)) {
    const project = compileProjection(schema.additionalProperties);
    return nullable(types, (value) => recordOf(value as Record<string, unknown>, project));
  }
  if (types.includes('array') && Array.isArray(schema.items)) {
    const positions = (schema.items as JsonSchema[]).map(compileProjection);
    return nullable(types, (value) => (value as unknown[]).map((item, i) => (positions[i] ?? asIs)(item)));
  }
  if (types.includes('array') && isSchema(schema.items)) {
    const project = compileProjection(schema.items);
    return nullable(types, (value) => {
      const items = value as unknown[];
      return items.every((item) => project(item) === item) ? items : items.map(project);
    });
  }
  // A scalar (JSON.stringify writes it as it is), or a schema that declares nothing (any JSON).
  return asIs;
}

function typeList(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

function isSchema(value: unknown): value is JsonSchema {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
  );
}

/** `project` for a value of the type, null for a nullable one's null. */
function nullable(types: string[], project: Project): Project {
  return types.includes('null') ? (value) => (value === null ? null : project(value)) : project;
}

function recordOf(value: Record<string, unknown>, project: Project): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== undefined) out[key] = project(item);
  }
  return out;
}

function objectProjection(schema: JsonSchema): Project {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = Object.entries(schema.properties as Record<string, JsonSchema>).map(
    ([key, property]) => ({
      key,
      required: required.has(key),
      project: compileProjection(property),
    }),
  );
  const rest = isSchema(schema.additionalProperties) ? compileProjection(schema.additionalProperties) : null;
  const declared = new Set(properties.map(({ key }) => key));
  /** The copy: the declared properties (projected), and the others when the schema lets them out. */
  const copy = (source: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const { key, project } of properties) {
      const item = source[key];
      if (item !== undefined) out[key] = project(item);
    }
    if (rest)
      for (const key of Object.keys(source))
        if (!declared.has(key) && source[key] !== undefined) out[key] = rest(source[key]);
    return out;
  };
  // The check below runs for every row of every page: plain arrays and an indexed loop, and no
  // call for a scalar property (its projection is the value itself).
  const keys = properties.map(({ key }) => key);
  const requiredAt = properties.map(({ required: isRequired }) => isRequired);
  const nestedAt = properties.map(({ project }) => (project === asIs ? null : project));
  return nullable(typeList(schema), (value) => {
    const source = value as Record<string, unknown>;
    // The value itself when it already is its projection (the usual case: a repository's row
    // holds just the declared columns), so that a page of rows is not copied before it is written.
    let unchanged = rest === null;
    let present = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const item = source[key];
      if (item === undefined) {
        if (requiredAt[i]) throw new Error(`"${key}" is required!`);
        if (key in source) present++;
        continue;
      }
      present++;
      const nested = nestedAt[i];
      if (unchanged && nested && nested(item) !== item) unchanged = false;
    }
    return unchanged && ownKeyCount(source) === present ? source : copy(source);
  });
}

/** How many enumerable properties a plain object has (without an array of their names). */
function ownKeyCount(value: Record<string, unknown>): number {
  let count = 0;
  for (const key in value) if (Object.hasOwn(value, key)) count++;
  return count;
}

/**
 * A union: the first branch the value's JSON type fits and, among objects, whose `const` or
 * `enum` properties (a discriminated union's tag) hold the value's.
 */
function unionProjection(branches: { branch: JsonSchema; project: Project }[]): Project {
  const fits = branches.map(({ branch, project }) => ({ fit: fitOf(branch), project }));
  return (value) => {
    for (const { fit, project } of fits) if (fit(value)) return project(value);
    throw new Error(`the value fits no branch of its union (${jsonTypeOf(value)})`);
  };
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'string';
  return typeof value;
}

function fitOf(branch: JsonSchema): (value: unknown) => boolean {
  const inner = (branch.anyOf ?? branch.oneOf) as JsonSchema[] | undefined;
  if (inner) {
    const fits = inner.map(fitOf);
    return (value) => fits.some((fit) => fit(value));
  }
  const types = typeList(branch);
  const tags = Object.entries((branch.properties as Record<string, JsonSchema> | undefined) ?? {})
    .map(([key, property]) => ({ key, allowed: allowedValues(property) }))
    .filter((tag): tag is { key: string; allowed: unknown[] } => tag.allowed !== undefined);
  const allowed = allowedValues(branch);
  const required = (branch.required as string[] | undefined) ?? [];
  return (value) => {
    const type = jsonTypeOf(value);
    const typeFits =
      types.length === 0 ||
      types.includes(type) ||
      (type === 'number' && types.includes('integer') && Number.isInteger(value));
    if (!typeFits) return false;
    if (allowed && !allowed.includes(value)) return false;
    if (type !== 'object') return true;
    const source = value as Record<string, unknown>;
    return (
      required.every((key) => source[key] !== undefined) &&
      tags.every(({ key, allowed: values }) => values.includes(source[key]))
    );
  };
}

function allowedValues(schema: JsonSchema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
}
