import { useCallback, useEffect, useState } from 'react';

const storagePrefix = 'ipportal.projects.scroll:';

function readSaved(key: string): number | null {
  try {
    const raw = sessionStorage.getItem(storagePrefix + key);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function save(key: string, top: number): void {
  try {
    sessionStorage.setItem(storagePrefix + key, String(Math.round(top)));
  } catch {
    // Storage full or denied: the position is simply not remembered.
  }
}

function scrollTo(element: HTMLElement, top: number): void {
  element.scrollTop = top;
}

/** A scroll position waiting to be restored. */
export interface PendingScroll {
  key: string;
  /** The position in px; null once restored (or when there is none). */
  top: number | null;
  /** The first row at that position: its page must be there before the restore. */
  row: number | null;
  /** Marks the position restored. */
  done: () => void;
}

/**
 * The saved scroll position of the list view at `key` (its URL: the view's filters and sort are
 * in it), from sessionStorage: what a reload or the back button comes back to. A new view
 * without a saved position starts at the top.
 */
export function useSavedScroll(key: string, rowHeight: number): PendingScroll {
  const [pending, setPending] = useState<{ key: string; top: number | null }>(() => ({
    key,
    top: readSaved(key),
  }));
  // Another view: its own saved position (or the top) is the one to restore.
  if (pending.key !== key) setPending({ key, top: readSaved(key) ?? 0 });
  const top = pending.key === key ? pending.top : (readSaved(key) ?? 0);
  const done = useCallback(() => setPending({ key, top: null }), [key]);
  return { key, top, row: top === null ? null : Math.floor(top / rowHeight), done };
}

/**
 * Restores `pending` on `element` once `ready` (the rows there have arrived), then saves the
 * position on every scroll under the view's key.
 */
export function useScrollMemory(element: HTMLElement | null, pending: PendingScroll, ready: boolean): void {
  const { key, top, done } = pending;
  useEffect(() => {
    if (!element || !ready || top === null) return;
    scrollTo(element, top);
    done();
  }, [element, ready, top, done]);

  useEffect(() => {
    if (!element || top !== null) return;
    // Saved on every scroll event (at most one a frame; sessionStorage writes are cheap), never
    // on unmount: a detached element reads scrollTop 0.
    const onScroll = () => save(key, element.scrollTop);
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [element, key, top]);
}
