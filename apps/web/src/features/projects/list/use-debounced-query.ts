import { useEffect, useRef, useState } from 'react';

/**
 * The search box's text, handed to `commit` (the URL, and so the server query) once typing pauses
 * for `delayMs`. A query that changes from outside (Back, a link) replaces the text. `commit` must
 * keep its identity across renders (useCallback): a new one restarts the wait.
 */
export function useDebouncedQuery(
  query: string,
  commit: (text: string) => void,
  delayMs = 300,
): [string, (text: string) => void] {
  const [text, setText] = useState(query);
  const typed = useRef(query);
  useEffect(() => {
    if (query !== typed.current) {
      typed.current = query;
      setText(query);
    }
  }, [query]);
  useEffect(() => {
    if (text === typed.current) return;
    const timer = setTimeout(() => {
      typed.current = text;
      commit(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, commit, delayMs]);
  return [text, setText];
}
