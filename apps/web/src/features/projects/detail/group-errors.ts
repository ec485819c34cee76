import { describeIssue, ValidationMessage } from '@ipportal/domain';
import type { MessageDescriptor } from '@ipportal/domain';

/** Field errors of a group's form, by field key (`name`, or `2.name` in a list). */
export type GroupErrors = Record<string, MessageDescriptor | undefined>;

export interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  maximum?: unknown;
}

/** What the groups use of a zod schema (the web app does not depend on zod itself). */
export interface SchemaLike<T = unknown> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** The first message of each field; numbers out of range say "invalid value", not "too long". */
export function groupErrorsOf(
  issues: readonly IssueLike[],
  numericFields: ReadonlySet<string> = new Set(),
): GroupErrors {
  const errors: GroupErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key]) continue;
    const field = String(issue.path[issue.path.length - 1] ?? '');
    errors[key] =
      numericFields.has(field) && (issue.code === 'too_big' || issue.code === 'too_small')
        ? { key: ValidationMessage.invalidValue }
        : describeIssue(issue);
  }
  return errors;
}
