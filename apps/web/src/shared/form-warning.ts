import { useToast } from '@ipportal/ui';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * The "check your input" warning toast of one form. It goes once the form's input passes its
 * checks (`dismiss` before sending) and when the form goes away (its dialog closed), so it does
 * not linger beside the next success.
 */
export function useFormWarning(): { warn: (message: string) => void; dismiss: () => void } {
  const toast = useToast();
  const shown = useRef<string | null>(null);
  const dismiss = useCallback(() => {
    if (shown.current !== null) toast.dismiss(shown.current);
    shown.current = null;
  }, [toast]);
  const warn = useCallback(
    (message: string) => {
      shown.current = toast.warn(message);
    },
    [toast],
  );
  useEffect(() => dismiss, [dismiss]);
  return useMemo(() => ({ warn, dismiss }), [warn, dismiss]);
}
