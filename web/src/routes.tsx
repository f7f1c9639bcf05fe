import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageSpinner } from './components/ui/Spinner';
import { RedirectIfSignedIn, RequireAuth } from './features/auth/guards';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouteError';
import { type RouteMeta, useRouteMeta } from './layout/RouteMeta';

/** How a page's chunk is loaded: the import, then the page component it exports. */
type PageLoader = () => Promise<ComponentType>;

/** One row of the table below: where, what it loads, and its title and description (spec §2). */
interface PageRoute {
  path?: string;
  load: PageLoader;
  title?: string;
  description?: string;
}

/** What a route declares in its `handle`: its title and description, and its page's loader. */
interface RouteHandle extends RouteMeta {
  preload?: () => Promise<unknown>;
}

const recurringEditor: PageLoader = () =>
  import('./features/recurring/RecurringEditorPage').then((m) => m.RecurringEditorPage);

// A quote's customer page (issue 33): public, outside the app's layout, so no header links into the app. The
// invoice's customer page /i/{token} is the server's (services/query/src/invoices/customer-page).
const customerPages: (PageRoute & { label: string })[] = [
  {
    path: '/q/:token',
    label: 'Loading the quote...',
    load: () => import('./features/quotes/CustomerQuotePage').then((m) => m.CustomerQuotePage),
  },
];

/** Signed out only: a signed-in visitor goes to the dashboard. */
const signedOutPages: PageRoute[] = [
  {
    path: '/login',
    title: 'Login',
    description: 'Sign in to Remit with Google or with your email.',
    load: () => import('./features/auth/LoginPage').then((m) => m.LoginPage),
  },
  {
    path: '/login-basic',
    title: 'Sign in with email',
    description: 'Sign in to Remit with your email and password.',
    load: () => import('./features/auth/LoginBasicPage').then((m) => m.LoginBasicPage),
  },
  {
    path: '/signup',
    title: 'Sign up',
    description: 'Create your Remit account and start getting paid.',
    load: () => import('./features/auth/SignUpPage').then((m) => m.SignUpPage),
  },
];

/** Open to anyone, inside the layout. */
const openPages: PageRoute[] = [
  {
    path: '/forgot-password',
    title: 'Reset your password',
    description: 'Get a link to set a new password for your Remit account.',
    load: () => import('./features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    title: 'Set a new password',
    description: 'Choose a new password for your Remit account.',
    load: () => import('./features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/verify-email',
    title: 'Verify your email',
    description: 'Confirm the email address of your Remit account.',
    load: () => import('./features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage),
  },
  {
    path: '/auth/google/callback',
    title: 'Signing in',
    load: () => import('./features/auth/GoogleCallbackPage').then((m) => m.GoogleCallbackPage),
  },
];

/** Signed in only; no path is the dashboard (the index route). */
const signedInPages: PageRoute[] = [
  {
    title: 'Dashboard',
    description: 'Your invoices and payments at a glance.',
    load: () => import('./features/dashboard/DashboardPage').then((m) => m.DashboardPage),
  },
  {
    path: '/profile',
    title: 'Profile',
    description: 'Your company details, payment methods and plan.',
    load: () => import('./features/profile/ProfilePage').then((m) => m.ProfilePage),
  },
  {
    path: '/invoice/create',
    title: 'New Invoice',
    description: 'Create an invoice and send it to your customer.',
    load: () => import('./features/invoices/InvoiceCreatePage').then((m) => m.InvoiceCreatePage),
  },
  {
    path: '/quotes',
    title: 'Quotes',
    description: 'Quotes your customers accept online.',
    load: () => import('./features/quotes/QuotesPage').then((m) => m.QuotesPage),
  },
  {
    path: '/quotes/:id',
    title: 'Quote',
    description: 'A quote with its actions and history.',
    load: () => import('./features/quotes/QuotePage').then((m) => m.QuotePage),
  },
  {
    path: '/quotes/:id/edit',
    title: 'Edit Quote',
    description: 'Change a quote that was not answered yet.',
    load: () => import('./features/invoices/InvoiceCreatePage').then((m) => m.QuoteEditPage),
  },
  {
    path: '/quote/create',
    title: 'New Quote',
    description: 'Make a quote with the invoice form.',
    load: () => import('./features/invoices/InvoiceCreatePage').then((m) => m.QuoteCreatePage),
  },
  {
    path: '/clients',
    title: 'Clients',
    description: 'The people and companies you invoice.',
    load: () => import('./features/clients/ClientsPage').then((m) => m.ClientsPage),
  },
  {
    path: '/clients/:id',
    title: 'Client',
    description: 'A client with their invoices and balance.',
    load: () => import('./features/clients/ClientPage').then((m) => m.ClientPage),
  },
  {
    path: '/items',
    title: 'Items',
    description: 'The services and goods you bill, with their prices.',
    load: () => import('./features/clients/ItemsPage').then((m) => m.ItemsPage),
  },
  {
    path: '/bank',
    title: 'Bank',
    description: 'Bank statements matched to your invoices.',
    load: () => import('./features/bank/BankPage').then((m) => m.BankPage),
  },
  {
    path: '/export',
    title: 'Export',
    description: 'Your records of a period, for your accountant or an auditor.',
    load: () => import('./features/exports/ExportPage').then((m) => m.ExportPage),
  },
  {
    path: '/recurring',
    title: 'Recurring',
    description: 'Invoices that issue and send themselves on a schedule.',
    load: () => import('./features/recurring/RecurringPage').then((m) => m.RecurringPage),
  },
  {
    path: '/recurring/new',
    title: 'New recurring invoice',
    description: 'Repeat an invoice on a schedule.',
    load: recurringEditor,
  },
  {
    path: '/recurring/:id',
    title: 'Recurring invoice',
    description: 'A recurring invoice and its history.',
    load: () => import('./features/recurring/RecurringProfilePage').then((m) => m.RecurringProfilePage),
  },
  {
    path: '/recurring/:id/edit',
    title: 'Edit recurring invoice',
    description: 'Change a recurring invoice.',
    load: recurringEditor,
  },
  {
    // Issue 27: an issued invoice in the same wizard, until it is final.
    path: '/invoice/:id/edit',
    title: 'Edit Invoice',
    description: 'Change an invoice before it reaches your customer.',
    load: () => import('./features/invoices/InvoiceEditPage').then((m) => m.InvoiceEditPage),
  },
  {
    path: '/subscription',
    title: 'Plans',
    description: 'Pay per invoice or subscribe to Remit Pro.',
    load: () => import('./features/billing/SubscriptionPage').then((m) => m.SubscriptionPage),
  },
  {
    path: '/success',
    title: 'Payment confirmation',
    load: () => import('./features/billing/SuccessPage').then((m) => m.SuccessPage),
  },
];

const notFoundPage: PageRoute = {
  path: '*',
  title: 'Page not found',
  load: () => import('./layout/NotFoundPage').then((m) => m.NotFoundPage),
};

/** The customer page has no layout around it: its own error boundary and loading state. */
function Standalone({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner label={label} />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Every route of spec §2, split by page so the first screen loads only what it shows. Declarative
 * routes (`useRoutes` under a `BrowserRouter`), not a data router: nothing here loads data through the
 * router, and the data router is 16 KB of gzipped JavaScript on every first screen. Pages are lazy
 * components; RootLayout shows a spinner in place of the page while its chunk loads (the header
 * stays), and navigations are transitions, so the previous page stays until the next one is ready.
 * Made once per app (AppRoutes): a test's fresh app loads its pages as a fresh page load does, and
 * two routes of one loader (the recurring editor) share one lazy page, one download.
 */
export function createRoutes(): RouteObject[] {
  const lazyPages = new Map<PageLoader, { Page: ComponentType; preload: () => Promise<unknown> }>();
  const lazyPage = (load: PageLoader) => {
    let made = lazyPages.get(load);
    if (!made) {
      let loading: Promise<{ default: ComponentType }> | undefined;
      const preload = () => {
        loading ??= load().then((Page) => ({ default: Page }));
        return loading;
      };
      made = { Page: lazy(preload), preload };
      lazyPages.set(load, made);
    }
    return made;
  };
  const route = ({ path, load, title, description }: PageRoute): RouteObject => {
    const { Page, preload } = lazyPage(load);
    const handle: RouteHandle = { title, description, preload };
    return path ? { path, handle, element: <Page /> } : { index: true, handle, element: <Page /> };
  };
  return [
    ...customerPages.map(({ path, label, load }) => {
      const { Page, preload } = lazyPage(load);
      return {
        path,
        handle: { preload } satisfies RouteHandle,
        element: (
          <Standalone label={label}>
            <Page />
          </Standalone>
        ),
      };
    }),
    {
      element: <RootLayout />,
      children: [
        { element: <RedirectIfSignedIn />, children: signedOutPages.map(route) },
        ...openPages.map(route),
        { element: <RequireAuth />, children: signedInPages.map(route) },
        route(notFoundPage),
      ],
    },
  ];
}

/** The app's screens, inside any router (BrowserRouter in main.tsx, a memory router in tests). */
export function AppRoutes() {
  const [routes] = useState(createRoutes);
  const location = useLocation();
  // The page's chunk starts downloading now, beside the session check, not when the guard lets the
  // page render (the data router did the same with its lazy routes). One download per page.
  for (const match of matchRoutes(routes, location) ?? []) {
    void (match.route.handle as RouteHandle | undefined)?.preload?.();
  }
  useRouteMeta(routes);
  return useRoutes(routes);
}
