import type { SelectOption } from '@ipportal/ui';
import type { TFunction } from 'i18next';

/* Fields described by specs (the groups of plain values): what each field is, and its form text. */
export type FieldKind = 'text' | 'textarea' | 'date' | 'int' | 'decimal' | 'select';

export interface FieldSpec {
  key: string;
  labelKey: string;
  kind: FieldKind;
  maxLength?: number;
  options?: (t: TFunction) => SelectOption[];
  /** Shows the length against `maxLength` as the user types; longer text is kept and refused on save, not cut. */
  showCounter?: boolean;
  /** Takes the whole row of the grid. */
  wide?: boolean;
  required?: boolean;
}

export type Draft = Record<string, string>;

/** A stored value as form text ('' for none). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function draftOf(specs: readonly FieldSpec[], values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const spec of specs) {
    const value = values[spec.key];
    draft[spec.key] = textOf(value);
  }
  return draft;
}

/** The draft as the API takes it: empty means null, numbers as numbers (or as typed when not numbers). */
export function valuesOf(specs: readonly FieldSpec[], draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const raw = (draft[spec.key] ?? '').trim();
    if (spec.kind === 'int' || spec.kind === 'decimal') {
      const pattern = spec.kind === 'int' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
      out[spec.key] = raw === '' ? null : pattern.test(raw) ? Number(raw) : raw;
    } else if (spec.kind === 'select') {
      out[spec.key] = raw === '' ? null : raw;
    } else {
      out[spec.key] = raw === '' ? null : raw;
    }
  }
  return out;
}

export function numericKeys(specs: readonly FieldSpec[]): Set<string> {
  return new Set(specs.filter((s) => s.kind === 'int' || s.kind === 'decimal').map((s) => s.key));
}
