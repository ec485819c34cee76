import {
  deadlineListResponseSchema,
  type DeadlineItem,
  deadlineEndpoints,
  projectDetailEndpoints,
} from '@ipportal/domain';
import type { TestContext } from '../support/app.js';
import type { TestUser } from '../projects/support.js';
import { call } from '../support/endpoints.js';

/** Sets a matter's dates the way the detail page does (PATCH of one group). */
export async function setDates(
  ctx: TestContext,
  user: TestUser,
  projectId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await call(ctx, projectDetailEndpoints.updateProject, {
    as: user,
    namespace: 'user',
    params: { projectId },
    body,
  });
  if (response.statusCode !== 200) throw new Error(`PATCH failed: ${response.statusCode} ${response.body}`);
}

/** Every page of /user/deadlines for `user` with `query`. */
export async function allDeadlines(
  ctx: TestContext,
  user: TestUser,
  query: Record<string, string> = {},
): Promise<DeadlineItem[]> {
  const items: DeadlineItem[] = [];
  let cursor: string | null = null;
  do {
    const search = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const response = await call(ctx, deadlineEndpoints.listDeadlines, {
      as: user,
      namespace: 'user',
      search: search.toString(),
    });
    if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
    const page = deadlineListResponseSchema.parse(response.json());
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
