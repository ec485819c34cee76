/**
 * A code list: stable values stored in the database and sent over the wire, each with an
 * i18n label key. Labels themselves live in `domainMessages` (ja and en).
 */
export interface CodeEntry<V extends string | number> {
  readonly value: V;
  readonly labelKey: string;
}

export interface CodeList<V extends string | number> {
  readonly name: string;
  readonly entries: readonly CodeEntry<V>[];
  readonly values: readonly V[];
  labelKey(value: V): string;
  has(value: unknown): value is V;
}

export function defineCodeList<const V extends string | number>(
  name: string,
  values: readonly V[],
): CodeList<V> {
  const entries = values.map((value) => ({ value, labelKey: `code.${name}.${String(value)}` }));
  const byValue = new Map<unknown, CodeEntry<V>>(entries.map((entry) => [entry.value, entry]));
  return {
    name,
    entries,
    values,
    labelKey(value) {
      const entry = byValue.get(value);
      if (!entry) throw new RangeError(`Unknown ${name} code: ${String(value)}`);
      return entry.labelKey;
    },
    has(value): value is V {
      return byValue.has(value);
    },
  };
}
