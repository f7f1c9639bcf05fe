import { type Config, configure, getConfig } from '@testing-library/react';

/**
 * A `findBy…` or `waitFor` tries its query again on every change of the page until it passes, and each failed try
 * built the usual error: the message and the whole page printed (prettyDOM). Only the last try's error is ever
 * shown, and `waitFor` prints the page once more when it gives up. ProfilePage.test.tsx spent 5.4 of its 75 profiled s
 * printing pages nobody read (docs/benchmarks.md#bench-web-slow, D-591).
 *
 * While Testing Library runs such a try (it marks it by turning off its expensive diagnostics) the error has the
 * message alone; a `waitFor` that times out adds the page as it is then, and a query outside a wait fails with the
 * page as before.
 */
type Diagnosed = Config & { _disableExpensiveErrorDiagnostics?: boolean };
type GetElementError = Config['getElementError'] & { cheapWhileWaiting?: true };

export function cheapErrorsWhileWaiting(): void {
  const full: GetElementError = getConfig().getElementError;
  if (full.cheapWhileWaiting) return;
  const getElementError: GetElementError = (message, container) => {
    if (!(getConfig() as Diagnosed)._disableExpensiveErrorDiagnostics) return full(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  };
  getElementError.cheapWhileWaiting = true;
  configure({ getElementError });
}
