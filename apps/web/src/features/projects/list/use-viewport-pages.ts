import { projectWindowPageSize, projectsApi } from '@ipportal/api-client';
import type { ProjectListWindowArgs, ProjectWindowView } from '@ipportal/api-client';
import type { Project, ProjectListResponse, ProjectTabCounts } from '@ipportal/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { pageOffsetsFor } from './viewport-pages';

/** The list as the viewport sees it: what is known of the current view, or of the last one. */
export interface ViewportPages {
  /** Rows of the view (the tab's count); undefined until its first page has arrived. */
  total: number | undefined;
  counts: ProjectTabCounts | undefined;
  /** The loaded pages by offset. */
  pages: ReadonlyMap<number, readonly Project[]>;
  /** The previous view is shown while this one's first page is on the way. */
  stale: boolean;
  /** Whether any page the viewport needs is being fetched. */
  fetching: boolean;
  /** The first error of a page the viewport needs. */
  error: unknown;
  /** Whether the page holding row `index` of the current view has arrived. */
  hasRow: (index: number) => boolean;
  /** Fetches the failed pages again. */
  retry: () => void;
}

interface Shown {
  total: number;
  counts: ProjectTabCounts;
  pages: Map<number, readonly Project[]>;
}

/**
 * Fetches the pages of a list view that rows `range.start`..`range.end` need (plus the first
 * page, for the counts, and the pages of `extraRows`, e.g. a scroll position to restore), and
 * only those: a jump to row 99,000 fetches that page, not the 990 before it. Pages leave the
 * cache half a minute after they leave the viewport. `pageSize` rows per page. A view grouped by
 * family is paged the same way: the server orders it by family first.
 */
export function useViewportPages(
  args: ProjectWindowView,
  range: { start: number; end: number },
  extraRows: readonly number[] = [],
  { enabled = true, pageSize = projectWindowPageSize }: { enabled?: boolean; pageSize?: number } = {},
): ViewportPages {
  const dispatch = useAppDispatch();
  const argsKey = JSON.stringify(args);
  // The first page alone gives the total; without it the range cannot be bounded yet.
  const firstArgs = useMemo<ProjectListWindowArgs>(
    () => ({ ...(JSON.parse(argsKey) as ProjectWindowView), offset: 0, limit: pageSize }),
    [argsKey, pageSize],
  );
  const selectFirst = useMemo(() => projectsApi.endpoints.listProjectsWindow.select(firstArgs), [firstArgs]);
  const first = useAppSelector((state) => selectFirst(state).data);
  const total = first ? first.counts[args.tab] : undefined;

  const offsets = useMemo(() => {
    if (!enabled) return [];
    const wanted = new Set(pageOffsetsFor(range, pageSize, total));
    for (const row of extraRows) {
      if (row >= 0 && (total === undefined || row < total)) wanted.add(Math.floor(row / pageSize) * pageSize);
    }
    return [...wanted].sort((a, b) => a - b);
  }, [enabled, range, pageSize, total, extraRows]);
  const offsetsKey = offsets.join(',');
  const pageArgs = useMemo(
    () =>
      offsetsKey === ''
        ? []
        : offsetsKey
            .split(',')
            .map((offset): ProjectListWindowArgs => ({ ...firstArgs, offset: Number(offset) })),
    [firstArgs, offsetsKey],
  );

  const subscriptions = useRef(new Map<string, { unsubscribe: () => void; refetch: () => unknown }>());
  useEffect(() => {
    // Subscribe the new pages before the old ones go, so a page that stays is never dropped.
    const next = new Map<string, { unsubscribe: () => void; refetch: () => unknown }>();
    for (const pageArg of pageArgs) {
      const key = JSON.stringify(pageArg);
      next.set(key, dispatch(projectsApi.endpoints.listProjectsWindow.initiate(pageArg)));
    }
    const previous = subscriptions.current;
    subscriptions.current = next;
    for (const subscription of previous.values()) subscription.unsubscribe();
  }, [dispatch, pageArgs]);
  useEffect(
    () => () => {
      for (const subscription of subscriptions.current.values()) subscription.unsubscribe();
      subscriptions.current = new Map();
    },
    [],
  );

  // Flat list of stable references (cached data, flags, errors) so shallowEqual holds; the
  // selector itself is stable so the store's snapshot memo holds before the first commit too.
  const selectEntries = useCallback(
    (state: RootState) =>
      pageArgs.flatMap((pageArg) => {
        const entry = projectsApi.endpoints.listProjectsWindow.select(pageArg)(state);
        return [entry.data, entry.isLoading, entry.error] as const;
      }),
    [pageArgs],
  );
  const entries = useAppSelector(selectEntries, shallowEqual);

  const current = useMemo<Shown | undefined>(() => {
    if (!enabled || !first || total === undefined) return undefined;
    const pages = new Map<number, readonly Project[]>();
    let counts = first.counts;
    pageArgs.forEach((pageArg, i) => {
      const data = entries[i * 3] as ProjectListResponse | undefined;
      if (data) {
        pages.set(pageArg.offset, data.items);
        counts = data.counts;
      }
    });
    return { total, counts, pages };
  }, [enabled, first, total, pageArgs, entries]);

  // While a new view's first page is on the way, the last view stays on screen (shown as busy).
  const [lastShown, setLastShown] = useState<Shown | undefined>(undefined);
  useEffect(() => {
    // Remembers what was on screen (an outside event: a page arrived) for the next view change.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (current) setLastShown(current);
  }, [current]);
  const shown = current ?? lastShown;

  let fetching = false;
  let error: unknown = undefined;
  for (let i = 0; i < pageArgs.length; i++) {
    if (entries[i * 3 + 1]) fetching = true;
    if (error === undefined && entries[i * 3 + 2] !== undefined) error = entries[i * 3 + 2];
  }

  const currentPages = current?.pages;
  return {
    total: shown?.total,
    counts: shown?.counts,
    pages: shown?.pages ?? emptyPages,
    stale: !current && shown !== undefined,
    fetching,
    error,
    hasRow: (index) => currentPages?.has(Math.floor(index / pageSize) * pageSize) ?? false,
    retry: () => {
      for (const subscription of subscriptions.current.values()) void subscription.refetch();
    },
  };
}

const emptyPages: ReadonlyMap<number, readonly Project[]> = new Map();
