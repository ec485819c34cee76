import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/**
 * The size the table can take: its container's width, and the height left in the window so the
 * page does not scroll on a desktop screen. `ready` re-measures once the container is rendered.
 */
export function useAvailableSize(
  min: number,
  ready: boolean,
): [RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 1000, height: 480 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const next = {
        width: Math.floor(rect.width),
        height: Math.max(min, Math.floor(window.innerHeight - top - 24)),
      };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [min, ready]);
  return [ref, size];
}
