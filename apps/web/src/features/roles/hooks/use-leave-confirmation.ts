import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

const LEAVE_TEXT = 'Changes you made may not be saved.';

/**
 * Spec §8 'Leave Page?': while a form has unsaved changes, leaving through the app asks first and closing
 * or reloading the tab gets the browser's own prompt. `allowNextNavigation` lets a save move on unasked.
 */
export function useLeaveConfirmation(isDirty: boolean) {
  const isAllowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isAllowed.current && currentLocation.pathname !== nextLocation.pathname,
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
      children: LEAVE_TEXT,
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
      event.returnValue = LEAVE_TEXT; // older browsers show nothing without it
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return {
    allowNextNavigation: () => {
      isAllowed.current = true;
    },
  };
}
