import type { ProjectListPages } from '@ipportal/api-client';
import type { Project } from '@ipportal/domain';
import { useEffect, useMemo } from 'react';

/** What the load needs of the list's infinite query. */
export interface PagedListState {
  currentData: ProjectListPages | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Loads every page of the list, one after another in the background: the table, the grouping and
 * the CSV export work on the whole list. Stops on an error (the list offers a retry).
 */
export function useAllPages({
  currentData,
  hasNextPage,
  isFetchingNextPage,
  isError,
  fetchNextPage,
}: PagedListState): void {
  useEffect(() => {
    if (currentData && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [currentData, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
}

/** The matters of the loaded pages in list order, each once even when two pages hold it. */
export function useLoadedProjects(data: ProjectListPages | undefined): Project[] {
  return useMemo(() => {
    if (!data) return [];
    const seen = new Set<string>();
    const out: Project[] = [];
    for (const page of data.pages) {
      for (const item of page.items) {
        if (!seen.has(item.id)) {
          seen.add(item.id);
          out.push(item);
        }
      }
    }
    return out;
  }, [data]);
}
