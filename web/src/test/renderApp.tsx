import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../App';
import { AppRoutes, createRoutes } from '../routes';

/**
 * A memory router around the app's routes, as main.tsx's BrowserRouter holds them: the tests read and
 * move its location (`router.state.location`, `router.navigate`).
 */
export function createTestRouter(path: string) {
  return createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
}

/**
 * `router` inside the app's providers (theme, query client, toasts, session) as the app renders it, with a fresh query
 * client that does not retry: for a page or a dialog on its own routes.
 */
export function renderWithProviders(
  router: ReturnType<typeof createMemoryRouter>,
  queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  }),
) {
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * The whole app (without the service worker) at `path`, with a fresh query client: one that does not retry,
 * or the app's own (`createQueryClient()`, caches fresh for 30 s) where staleness is what a test is about.
 */
export function renderApp(path: string, queryClient?: QueryClient) {
  return renderWithProviders(createTestRouter(path), queryClient);
}

/**
 * Loads the auth machine and the lazy pages at `paths`, as a first visit does. For a file's `beforeAll`: their
 * first import in a test file is transformed on the spot, which on a busy machine outlasted the first test
 * (still on 'Checking your session…'); warmed here, each test's time is its own.
 */
export async function warmRoutes(...paths: string[]): Promise<void> {
  const routes = createRoutes();
  await Promise.all([
    import('../features/auth/authActor'),
    ...paths.flatMap((path) =>
      (matchRoutes(routes, path) ?? []).map((match) =>
        (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.(),
      ),
    ),
  ]);
}
