import { modals } from '@mantine/modals';
import { messages } from '@paylane/shared/messages';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Spec §4/§8 template draft: while the form holds unsaved changes, leaving the template asks 'Changes you
 * made may not be saved.' (Leave Page?); closing or reloading the tab gets the browser's own prompt. Moving
 * between the Edit, Text and Email tabs (paths under `pagePath`) is not leaving. After a save,
 * `allowNextNavigation` lets the app move on unasked; a failed save keeps the draft and the question.
 */
export function useDraftLeaveConfirmation(hasDraft: boolean, pagePath: string) {
  const isAllowed = useRef(false);
  const blocker = useBlocker(
    ({ nextLocation }) =>
      hasDraft &&
      !isAllowed.current &&
      nextLocation.pathname !== pagePath &&
      !nextLocation.pathname.startsWith(`${pagePath}/`),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the modal (Escape, the close button) means stay; once answered, closing does nothing.
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
    if (!hasDraft) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = messages.leavePageConfirm; // older browsers show nothing without it
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasDraft]);

  return {
    allowNextNavigation: () => {
      isAllowed.current = true;
    },
    /** A failed save: leaving asks again. */
    blockAgain: () => {
      isAllowed.current = false;
    },
  };
}
