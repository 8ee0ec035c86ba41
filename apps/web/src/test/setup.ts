import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadToastsView } from '../app/toasts';

// A test may run in the node environment (the lint fixture): it has no DOM to clean up or stub.
const hasDom = typeof window !== 'undefined';

// The one wait of every findBy* and waitFor. Tests wait for the thing to happen, so this only bounds how
// long a broken test hangs: it must cover a page's first render (its lazy code loads then) with both cores
// busy. The test timeout (vite.config.ts) is longer, so a missing element fails with the query's message.
const EVENT_WAIT_MS = 30_000;
configure({ asyncUtilTimeout: EVENT_WAIT_MS });

// The app loads the toast view with the first toast (app/toasts.tsx); tests have it ready, so a toast shows in
// the render that raised it. The browser's on-demand load is covered by the e2e specs that assert toasts.
if (hasDom) await loadToastsView();

// globals:false means Testing Library does not clean up by itself (docs/reference/stack.md §3 gotcha 9).
afterEach(() => {
  if (hasDom) {
    cleanup();
    notifications.clean(); // the toast store is module state, like the app's
    window.localStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// With isolate:false (vite.config.ts) a worker's files may share one window: stub it once, not once per file.
const stubbed = Symbol.for('paylane.layoutApisStubbed');
if (hasDom && !(stubbed in window)) {
  stubLayoutApis();
  Object.defineProperty(window, stubbed, { value: true });
}

// jsdom lacks the layout APIs Mantine reads (https://mantine.dev/guides/vitest).
function stubLayoutApis(): void {
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  window.HTMLElement.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
  // The growing message box re-measures when web fonts finish loading (document.fonts, which jsdom lacks).
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub;
}
