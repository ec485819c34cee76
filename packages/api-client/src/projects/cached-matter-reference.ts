import { api } from '../api.js';

/** What this reads of one RTK Query cache entry (its documented QuerySubState fields). */
interface CachedQuery {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
}
type Queries = Record<string, CachedQuery | undefined>;

const byQueries = new WeakMap<Queries, ReadonlyMap<string, string>>();

/**
 * For the breadcrumb, the names the cache knows: the reference codes of matters (from their
 * detail, or from any of their requests) by matter id, and the request names of chat rooms by
 * "matter id/request number". It reads the cache entries by endpoint name rather than through
 * the slices' selectors so the shell, on every page and /login, does not import the matter,
 * request and chat slices (the /login size budget). One map per state of the cache, so it serves
 * as a selector.
 */
export function selectCachedBreadcrumbNames(state: unknown): ReadonlyMap<string, string> {
  const slice = (state as Record<string, { queries?: Queries } | undefined>)[api.reducerPath];
  const queries = slice?.queries ?? {};
  let references = byQueries.get(queries);
  if (references) return references;
  const found = new Map<string, string>();
  for (const entry of Object.values(queries)) {
    if (entry?.data === undefined) continue;
    if (entry.endpointName === 'getChatRoom') {
      const room = entry.data as { projectId: string; requestId: number; requestName: string };
      found.set(`${room.projectId}/${room.requestId}`, room.requestName);
    } else if (entry.endpointName === 'getProject' && typeof entry.originalArgs === 'string') {
      found.set(entry.originalArgs, (entry.data as { refrenceCode: string }).refrenceCode);
    } else if (entry.endpointName === 'getRequest') {
      const projectId = (entry.originalArgs as { projectId?: unknown } | undefined)?.projectId;
      if (typeof projectId === 'string' && !found.has(projectId)) {
        found.set(projectId, (entry.data as { project: { refrenceCode: string } }).project.refrenceCode);
      }
    }
  }
  references = found;
  byQueries.set(queries, references);
  return references;
}
