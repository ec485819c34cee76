import type { z } from 'zod';

/**
 * Answers that fit a response schema, made from the schema itself, for checks that must cover
 * every definition. Each variant takes other branches: 0 fills every optional and nullable field
 * with text that needs escaping; 1 leaves optional fields out and nullable ones null; 2 sets
 * optional fields to `undefined` and adds a property outside the schema to every object; 3 and
 * up take further union branches and enum values.
 */
export const sampleVariants = [0, 1, 2, 3, 4] as const;

/** A property no schema declares: it must never reach the JSON. */
export const outsideProperty = 'notInTheSchema';

interface Bag {
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  pattern?: RegExp;
}

/** The format, bounds and pattern a schema's checks set. */
function factsOf(def: Def): Bag {
  const bag: Bag = { format: def.format as string | undefined, pattern: def.pattern as RegExp | undefined };
  for (const check of (def.checks ?? []) as { _zod: { def: CheckDef } }[]) {
    const c = check._zod.def;
    if (c.check === 'number_format' || c.check === 'string_format') bag.format ??= c.format;
    // An exclusive bound moves by one: every exclusive bound of a response field is an integer's.
    if (c.check === 'greater_than') bag.minimum = c.inclusive ? c.value : Number(c.value) + 1;
    if (c.check === 'less_than') bag.maximum = c.inclusive ? c.value : Number(c.value) - 1;
    if (c.check === 'min_length') bag.minLength = c.minimum;
    if (c.check === 'max_length') bag.maxLength = c.maximum;
    if (c.check === 'string_format' && c.pattern) bag.pattern ??= c.pattern;
  }
  return bag;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

const texts = ['出願 "A" \\ 改行\nタブ\t🐱 <b>', 'plain', 'ünïcode ﾃｽﾄ'];

function stringSample(bag: Bag, variant: number): string {
  switch (bag.format) {
    case 'uuid':
    case 'guid':
      return ['0d9f0c6e-8a51-4d4e-9d4b-2f0e7c1a5b3c', '7b1e2a40-3c55-4f6a-8e21-9a0b1c2d3e4f'][variant % 2]!;
    case 'datetime':
      return ['2026-11-29T09:30:00.000Z', '2024-02-29T23:59:59.123Z'][variant % 2]!;
    case 'date':
      return ['2026-11-29', '2024-02-29'][variant % 2]!;
    case 'email':
      return 'user@example.com';
    case 'url':
      return 'https://example.com/a?b=1';
    default:
      break;
  }
  const pattern = bag.pattern;
  if (pattern) {
    // The few patterns of response fields: codes of digits, upper-case letters and hyphens.
    for (const candidate of ['2026-000123', 'P-2024-001', '0123456789', 'ABC', '12:30', 'JP', '1'])
      if (pattern.test(candidate)) return candidate;
  }
  let text = texts[variant % texts.length]!;
  if (bag.maxLength !== undefined) text = text.slice(0, bag.maxLength);
  while (text.length < (bag.minLength ?? 0)) text += 'x';
  return text;
}

function numberSample(bag: Bag, variant: number): number {
  const integer = bag.format === 'safeint' || bag.format === 'int32' || bag.format === 'uint32';
  const wanted = integer ? [42, 0, 7][variant % 3]! : [12.5, 0, 1234567.25][variant % 3]!;
  const low = bag.minimum ?? -Infinity;
  const high = bag.maximum ?? Infinity;
  return Math.min(Math.max(wanted, low), high);
}

/** A value of the schema's output type for the given variant. */
export function sampleOf(schema: z.ZodType, variant: number): unknown {
  const def = schema._zod.def as unknown as Def;
  const bag = factsOf(def);
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const optional = (property._zod as { optout?: string }).optout === 'optional';
        if (optional && variant === 1) continue;
        out[key] = optional && variant === 2 ? undefined : sampleOf(property, variant);
      }
      // A strict object refuses it (zod fails the answer); the others strip it.
      const strict = (def.catchall as z.ZodType | undefined)?._zod.def.type === 'never';
      if (variant === 2 && !strict) out[outsideProperty] = 'must not be sent';
      return out;
    }
    case 'optional':
      return variant === 1 || variant === 2 ? undefined : sampleOf(inner('innerType'), variant);
    case 'nullable':
      return variant === 1 ? null : sampleOf(inner('innerType'), variant);
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(inner('innerType'), variant);
    case 'pipe':
      return sampleOf(inner('out'), variant);
    case 'array': {
      const count = Math.max(bag.minLength ?? 0, variant === 1 ? 0 : 2);
      return Array.from({ length: count }, (_, i) => sampleOf(inner('element'), variant + i));
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, variant));
    case 'union': {
      const options = def.options as z.ZodType[];
      return sampleOf(options[variant % options.length]!, variant);
    }
    case 'intersection':
      return {
        ...(sampleOf(inner('left'), variant) as object),
        ...(sampleOf(inner('right'), variant) as object),
      };
    case 'record': {
      // A record over an enum has every key (zod checks it); any other has one.
      const keyDef = inner('keyType')._zod.def as unknown as Def;
      const keys =
        keyDef.type === 'enum'
          ? Object.values(keyDef.entries as Record<string, string>)
          : [sampleOf(inner('keyType'), variant)];
      return Object.fromEntries(keys.map((key) => [String(key), sampleOf(inner('valueType'), variant)]));
    }
    case 'literal': {
      const values = def.values as unknown[];
      return values[variant % values.length];
    }
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string | number>);
      return values[variant % values.length];
    }
    case 'string':
      return stringSample(bag, variant);
    case 'number':
      return numberSample(bag, variant);
    case 'boolean':
      return variant % 2 === 0;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return { any: ['json', 1, null] };
    default:
      throw new Error(`no sample for a zod ${def.type}`);
  }
}
