import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../zodConfig';
import { cheapErrorsWhileWaiting } from './elementError';
import { speedUpLabelControl } from './labelControl';

// jsdom has no matchMedia; the header asks whether the viewport is desktop-wide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

window.scrollTo = () => {};

speedUpLabelControl();

// Screens are lazy routes: the first import in a test file is transformed on the spot, and in CI two test
// files share the two cores. A wait still ends as soon as what it waits for is on screen; 12 s only bounds a
// wait that would otherwise fail on a busy machine (testTimeout is 20 s).
configure({ asyncUtilTimeout: 12_000 });
cheapErrorsWhileWaiting();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
