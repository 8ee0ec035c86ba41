import { modals } from '@mantine/modals';
import { messages } from '@paylane/shared/messages';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * docs/product.md §8 'Leave Page?': while a form has unsaved changes, leaving through the app asks 'Changes you made may
 * not be saved.' first, and closing or reloading the tab gets the browser's own prompt. `isSamePage` says which
 * paths are still this page (a template's Edit/Text/Email tabs); by default any other path is leaving.
 * `allowNextNavigation` lets a save move on unasked; `blockAgain` (a failed save) makes leaving ask again.
 */
export function useLeaveConfirmation(
  isDirty: boolean,
  isSamePage: (nextPathname: string, currentPathname: string) => boolean = (next, current) =>
    next === current,
) {
  const isAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isAllowed.current && !isSamePage(nextLocation.pathname, currentLocation.pathname),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the modal (Escape, the close button) means stay, like Stay; once answered, closing does nothing.
    let isAnswered = false;
    const answer = (proceed: boolean) => {
      if (isAnswered) return;
      isAnswered = true;
      if (proceed) blocker.proceed();
      else blocker.reset();
    };
    modals.openConfirmModal({
      title: 'Leave Page?',
      children: messages.leavePageConfirm,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = messages.leavePageConfirm; // older browsers show nothing without it
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNextNavigation: () => {
      isAllowed.current = true;
    },
    blockAgain: () => {
      isAllowed.current = false;
    },
  };
}
