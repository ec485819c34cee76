import { DiscardChangesDialog } from '@ipportal/ui';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { unsavedChanges, useUnsavedChangesState } from './unsaved-changes';

function leavesOnPurpose(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'discardChanges' in state;
}

/**
 * Keeps unsaved input from being lost by leaving the page: while a form reports unsaved changes
 * (`useUnsavedChanges`), an in-app link and the browser's back and forward ask first
 * (react-router's blocker), reload and closing the tab get the browser's own question
 * (beforeunload), and `useConfirmDiscard` asks before a change inside the page. Rendered once,
 * inside the router, for signed-in users.
 */
export function LeaveGuard() {
  useUnsavedChangesState();
  const anyUnsaved = unsavedChanges.any();
  const pending = unsavedChanges.pending();

  useEffect(() => unsavedChanges.attach(), []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges.any() &&
      !leavesOnPurpose(nextLocation.state) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const blocked = blocker.state === 'blocked';
  // A form that saved and moves on becomes clean in the same update that navigates; the blocker
  // saw it still dirty. Once that update has rendered, nothing is left to lose: go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !anyUnsaved) blocker.proceed();
  }, [blocker, anyUnsaved]);

  useEffect(() => {
    if (!anyUnsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyUnsaved]);

  return (
    <DiscardChangesDialog
      open={(blocked && anyUnsaved) || pending !== null}
      action="leave"
      onKeepEditing={() => {
        if (blocked) blocker.reset();
        unsavedChanges.settle();
      }}
      onDiscard={() => {
        if (blocked) blocker.proceed();
        pending?.proceed();
        unsavedChanges.settle();
      }}
    />
  );
}
