import type { RequestKey } from '@ipportal/api-client';
import type { BillingLine, BillingLineInput, BillingTotals } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { BillingFormats } from './billing-format';

/** What the editor reads of a stored draft (an estimate or an invoice). */
export interface StoredDraft {
  id: string;
  /** An estimate has one from the start, an invoice from its issue. */
  number: string | null;
  notes: string | null;
  lines: BillingLine[];
}

/** One field of a draft's head (title, dates): a text field, or a date field with `type: 'date'`. */
export interface HeadField<Field extends string> {
  name: Field;
  type?: 'date';
  required?: boolean;
  maxLength?: number;
  /** Its help text (`<texts>.<name>Help`), with the values it shows. */
  help?: (formats: BillingFormats) => Record<string, string>;
}

/** A call's answer as RTK Query gives it. */
export type Outcome<T> = { data: T } | { error: unknown };

/** The calls that store, delete and finish a draft, and whether one is under way. */
export interface DraftCalls<Doc, Body> {
  /** Stores a new draft for the request (null), or replaces a stored one's head, notes and lines. */
  save: (draft: Doc | null, body: Body) => Promise<Outcome<Doc>>;
  remove: (draft: Doc) => Promise<Outcome<unknown>>;
  /** The step after which the document never changes: sending an estimate, issuing an invoice. */
  finish: (draft: Doc) => Promise<Outcome<Doc>>;
  saving: boolean;
  busy: boolean;
}

/**
 * What differs between the estimate and the invoice editor; the rest (lines, totals, notes, the
 * actions and their dialogs, the leave guard) is `DraftEditor`'s.
 */
export interface DraftKind<Doc extends StoredDraft, Field extends string, Body> {
  /** The form's id, the prefix of its fields' ids. */
  formId: string;
  /** Where its texts are: `saved`, `saveFailed`, `notes`, the head fields' and the finish step's. */
  texts: 'billingOffice.estimate' | 'billingOffice.invoice';
  /** The head fields, in page order. */
  fields: readonly HeadField<Field>[];
  /** The head's starting values: the stored draft's, or a new one's. */
  head: (draft: Doc | null) => Record<Field, string>;
  /** The request body from the head and the notes and lines as the API takes them. */
  body: (head: Record<Field, string>, rest: { notes?: string; lines: BillingLineInput[] }) => Body;
  heading: (t: TFunction, draft: Doc | null) => string;
  /** Facts shown under the heading of a stored draft (what it corrects, where its lines came from). */
  Intro?: ComponentType<{ draft: Doc }>;
  /** The stored draft as the client will receive it. */
  Printed: ComponentType<{ draft: Doc }>;
  /** Its texts are `<texts>.<finish>`, `<finish>Confirm`, `<finish>ConfirmTitle`, `<finish>ConfirmMessage`, `<finish>Failed`. */
  finish: 'send' | 'issue';
  /** A danger-toned question starts on Cancel. */
  finishTone?: 'danger';
  /** More in the finish question, under its message. */
  FinishDetails?: ComponentType<{ totals: BillingTotals }>;
  useCalls: (requestKey: RequestKey) => DraftCalls<Doc, Body>;
}

type Mutation<Arg, Result> = readonly [(arg: Arg) => PromiseLike<Outcome<Result>>, { isLoading: boolean }];

/**
 * The calls of a kind from its four mutations (create, update, delete, finish), a stored draft
 * addressed by `at` in the last three.
 */
export function draftCalls<Doc, Body, At extends object>(
  requestKey: RequestKey,
  at: (draft: Doc) => At,
  [create, update, remove, finish]: readonly [
    Mutation<RequestKey & { body: Body }, Doc>,
    Mutation<At & { body: Body }, Doc>,
    Mutation<At, unknown>,
    Mutation<At, Doc>,
  ],
): DraftCalls<Doc, Body> {
  return {
    save: async (draft, body) =>
      draft ? update[0]({ ...at(draft), body }) : create[0]({ ...requestKey, body }),
    remove: async (draft) => remove[0](at(draft)),
    finish: async (draft) => finish[0](at(draft)),
    saving: create[1].isLoading || update[1].isLoading,
    busy: [create, update, remove, finish].some(([, state]) => state.isLoading),
  };
}
