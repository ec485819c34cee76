import { useDialogUnsavedChanges } from '@ipportal/ui';
import { useEffect, useId, useSyncExternalStore } from 'react';

export { changedFrom } from './changed-from';

/**
 * Which forms hold unsaved input, and a pending "discard?" question. Module state rather than a
 * context: the guard that reads it (`LeaveGuard`) loads after sign-in, apart from the first
 * download.
 */
const unsavedForms = new Set<string>();
let pendingDiscard: { proceed: () => void } | null = null;
/** Mounted guards: without one, nobody could answer a question, so changes go ahead. */
let guards = 0;
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function report(key: string, unsaved: boolean) {
  if (unsavedForms.has(key) === unsaved) return;
  if (unsaved) unsavedForms.add(key);
  else unsavedForms.delete(key);
  changed();
}

/** The shared state of unsaved input, for `LeaveGuard`. */
export const unsavedChanges = {
  /** Whether some form holds unsaved input right now (also between renders). */
  any: (): boolean => unsavedForms.size > 0,
  /** The change asked about by `useConfirmDiscard`, awaiting the user's answer. */
  pending: (): { proceed: () => void } | null => pendingDiscard,
  /** Ends the pending question (`proceed` already run or not). */
  settle: () => {
    pendingDiscard = null;
    changed();
  },
  /** A guard is there to ask; returns the undo, which also drops a pending question. */
  attach: () => {
    guards += 1;
    return () => {
      guards -= 1;
      pendingDiscard = null;
      changed();
    };
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  version: () => version,
};

/** Re-renders the caller when the unsaved input or the pending question changes. */
export function useUnsavedChangesState(): void {
  useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.version);
}

/**
 * Navigation state that leaves without asking: an explicit Cancel of a form (its input is meant
 * to go), e.g. `<Link to={...} state={discardChangesState}>`.
 */
export const discardChangesState = { discardChanges: true } as const;

/**
 * Reports whether the calling form holds unsaved input. While it does, closing its dialog
 * (Escape, close button, backdrop) and leaving the page (link, back, reload, closing the tab) ask
 * first (`LeaveGuard`). A form that saves reports clean in the same update that closes or moves on.
 */
export function useUnsavedChanges(unsaved: boolean): void {
  useDialogUnsavedChanges(unsaved);
  const key = useId();
  useEffect(() => {
    report(key, unsaved);
    return () => report(key, false);
  }, [key, unsaved]);
}

/**
 * For a change inside the page that drops a form's input (e.g. switching tabs): runs the change
 * at once, or after the user agreed to discard the unsaved input.
 */
export function useConfirmDiscard(): (proceed: () => void) => void {
  return confirmDiscard;
}

function confirmDiscard(proceed: () => void) {
  if (unsavedForms.size === 0 || guards === 0) {
    proceed();
    return;
  }
  pendingDiscard = { proceed };
  changed();
}
