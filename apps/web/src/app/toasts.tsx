import { useNotifications } from '@mantine/notifications';
import { useEffect, useState, type ComponentType } from 'react';

let loadedView: ComponentType | null = null;

/** The toast view's code, loaded once; tests load it up front (src/test/setup.ts). */
export async function loadToastsView(): Promise<ComponentType> {
  loadedView ??= (await import('./toasts-view')).ToastsView;
  return loadedView;
}

/**
 * The toasts of docs/product.md §8, which lib/notify.tsx shows through Mantine's store. Their view (transitions,
 * swipe to dismiss, scroll locking) loads with the first toast rather than with /login (docs/conventions.md §7),
 * then stays mounted, so the last toast still animates out.
 */
export function Toasts() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [View, setView] = useState<ComponentType | null>(() => loadedView);

  useEffect(() => {
    if (!hasToasts || View) return;
    let isMounted = true;
    loadToastsView().then(
      (view) => {
        if (isMounted) setView(() => view);
      },
      // Offline, or a tab still on the previous deploy: the store keeps the toast; the next one tries again.
      () => {},
    );
    return () => {
      isMounted = false;
    };
  }, [hasToasts, View]);

  return View ? <View /> : null;
}
