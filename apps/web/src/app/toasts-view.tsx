import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, in its own module so that toasts.tsx can load it on demand. */
export function ToastsView() {
  return <Notifications position="top-right" limit={5} />;
}
