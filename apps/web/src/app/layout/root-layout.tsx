import { Progress } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSessionStatus } from '../../lib/use-session-status';

// Signed-in only, so the sign-in page does not download the modal machinery.
const IdleWarningModal = lazy(async () => ({
  default: (await import('../../features/session/components/idle-warning-modal')).IdleWarningModal,
}));

/** Wraps every page: the session keeper while signed in (also on public pages), and a loading bar. */
export function RootLayout() {
  const isSignedIn = useSessionStatus() === 'authenticated';
  const isNavigating = useNavigation().state !== 'idle';
  return (
    <>
      {/* A polite live region, always there so the bar's appearing is announced: content outside every
          landmark that axe accepts ('region' skips live regions). Not role="status", which pages use for
          their own outcome messages. */}
      <div aria-live="polite">
        {isNavigating ? (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="fixed"
            top={0}
            left={0}
            right={0}
            style={{ zIndex: 1000 }}
            aria-label="Loading page"
          />
        ) : null}
      </div>
      <Outlet />
      {isSignedIn ? (
        <Suspense fallback={null}>
          <IdleWarningModal />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </>
  );
}
