import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';

/** A navigation that leaves on purpose (after deleting the project) passes this state and is never held. */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const;

function leavesWithoutAsking(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'leaveWithoutAsking' in state;
}

/**
 * Holds a navigation away from a form with unsaved changes until the user chooses, and asks the
 * browser to warn before a reload or a closed tab. Render the returned dialog; `what` names what
 * is unsaved ("the project settings").
 * is unsaved ("the project settings"). With `searchLeaves`, another query string counts as
 * leaving too (an editor whose `?component=` names what it edits).
 * @example const leaveDialog = useUnsavedChanges(isDirty, 'this document');
 */
export function useUnsavedChanges(isDirty: boolean, what: string, options: { searchLeaves?: boolean } = {}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (options.searchLeaves === true && currentLocation.search !== nextLocation.search)) &&
      !leavesWithoutAsking(nextLocation.state),
  );

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  useEffect(() => {
    // Saved or reset meanwhile: nothing is lost any more.
    if (blocker.state === 'blocked' && !isDirty) blocker.proceed();
  }, [blocker, isDirty]);

  return (
    <Dialog
      isOpen={blocker.state === 'blocked'}
      title="Leave without saving?"
      description={`Your changes to ${what} are not saved yet. If you leave this page, they are lost.`}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            Discard changes
          </Button>
        </>
      }
    />
  );
}
