import { InlineStyles } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts at the top start below the signed-in shell's header, so they never cover the user menu (issue 20):
 * the shell sets --app-shell-header-height on :root while it is mounted; public pages have no header, and the
 * toasts sit at the top there. Toasts placed at the bottom (failed actions, bottom centre) keep Mantine's place.
 */
const belowTheHeader = {
  top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-md))',
};

/** Mantine's toast container, in its own module so that toasts.tsx can load it on demand. */
export function ToastsView() {
  return (
    <>
      <InlineStyles selector=".paylane-toasts[data-position^='top']" styles={belowTheHeader} />
      <Notifications position="top-right" limit={5} className="paylane-toasts" />
    </>
  );
}
