import { useEffect } from 'react';

/** How long after the last scroll event rows take pointer events again. */
const scrollSettleMs = 150;

/**
 * Marks the element with `data-scrolling` while it scrolls (the styles turn off the rows' pointer
 * events then). An attribute set directly, not React state: a scroll must not re-render the table.
 */
export function useScrollingFlag(element: HTMLElement | null): void {
  useEffect(() => {
    if (!element) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer === undefined) element.setAttribute('data-scrolling', '');
      else clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        element.removeAttribute('data-scrolling');
      }, scrollSettleMs);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (timer !== undefined) clearTimeout(timer);
      element.removeAttribute('data-scrolling');
    };
  }, [element]);
}
