import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageSpinner } from './components/ui/Spinner';
import { RedirectIfSignedIn, RequireAuth } from './features/auth/guards';
import { RootLayout } from './layout/RootLayout';
import { RouteErrorBoundary } from './layout/RouteError';
import { type RouteMeta, useRouteMeta } from './layout/RouteMeta';

/** A page in its own chunk: a lazy component, and its loader to start the download early. */
interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<unknown>;
}

function page<Name extends string>(
  load: () => Promise<{ [key in Name]: ComponentType }>,
  name: Name,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      const Page: ComponentType = module[name];
      return { default: Page };
    });
    return loading;
  };
  return { Page: lazy(preload), preload };
}

/** What a route declares in its `handle`: its title and description, and its page's loader. */
interface RouteHandle extends RouteMeta {
  preload?: () => Promise<unknown>;
}

function meta(lazyPage: LazyPage, title: string, description?: string): RouteHandle {
  return { title, description, preload: lazyPage.preload };
}

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
 * Made once per app (AppRoutes): a test's fresh app loads its pages as a fresh page load does.
 */
export function createRoutes(): RouteObject[] {
  const CustomerInvoicePage = page(
    () => import('./features/customer-page/CustomerInvoicePage'),
    'CustomerInvoicePage',
  );
  const CustomerQuotePage = page(() => import('./features/quotes/CustomerQuotePage'), 'CustomerQuotePage');
  const QuotesPage = page(() => import('./features/quotes/QuotesPage'), 'QuotesPage');
  const QuotePage = page(() => import('./features/quotes/QuotePage'), 'QuotePage');
  const QuoteCreatePage = page(() => import('./features/invoices/InvoiceCreatePage'), 'QuoteCreatePage');
  const LoginPage = page(() => import('./features/auth/LoginPage'), 'LoginPage');
  const LoginBasicPage = page(() => import('./features/auth/LoginBasicPage'), 'LoginBasicPage');
  const SignUpPage = page(() => import('./features/auth/SignUpPage'), 'SignUpPage');
  const ForgotPasswordPage = page(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
  const ResetPasswordPage = page(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage');
  const VerifyEmailPage = page(() => import('./features/auth/VerifyEmailPage'), 'VerifyEmailPage');
  const GoogleCallbackPage = page(() => import('./features/auth/GoogleCallbackPage'), 'GoogleCallbackPage');
  const DashboardPage = page(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
  const ProfilePage = page(() => import('./features/profile/ProfilePage'), 'ProfilePage');
  const InvoiceCreatePage = page(() => import('./features/invoices/InvoiceCreatePage'), 'InvoiceCreatePage');
  const InvoiceEditPage = page(() => import('./features/invoices/InvoiceEditPage'), 'InvoiceEditPage');
  const SubscriptionPage = page(() => import('./features/billing/SubscriptionPage'), 'SubscriptionPage');
  const SuccessPage = page(() => import('./features/billing/SuccessPage'), 'SuccessPage');
  const ClientsPage = page(() => import('./features/clients/ClientsPage'), 'ClientsPage');
  const ClientPage = page(() => import('./features/clients/ClientPage'), 'ClientPage');
  const ItemsPage = page(() => import('./features/clients/ItemsPage'), 'ItemsPage');
  const BankPage = page(() => import('./features/bank/BankPage'), 'BankPage');
  const ExportPage = page(() => import('./features/exports/ExportPage'), 'ExportPage');
  const RecurringPage = page(() => import('./features/recurring/RecurringPage'), 'RecurringPage');
  const RecurringProfilePage = page(
    () => import('./features/recurring/RecurringProfilePage'),
    'RecurringProfilePage',
  );
  const RecurringEditorPage = page(
    () => import('./features/recurring/RecurringEditorPage'),
    'RecurringEditorPage',
  );
  const NotFoundPage = page(() => import('./layout/NotFoundPage'), 'NotFoundPage');

  return [
    {
      // The customer page (issue 14): public, outside the app's layout, so no header links into the app.
      path: '/i/:token',
      handle: { preload: CustomerInvoicePage.preload } satisfies RouteHandle,
      element: (
        <Standalone label="Loading the invoice...">
          <CustomerInvoicePage.Page />
        </Standalone>
      ),
    },
    {
      // A quote's customer page (issue 33): public like the invoice's, where the customer accepts or declines.
      path: '/q/:token',
      handle: { preload: CustomerQuotePage.preload } satisfies RouteHandle,
      element: (
        <Standalone label="Loading the quote...">
          <CustomerQuotePage.Page />
        </Standalone>
      ),
    },
    {
      element: <RootLayout />,
      children: [
        {
          element: <RedirectIfSignedIn />,
          children: [
            {
              path: '/login',
              handle: meta(LoginPage, 'Login', 'Sign in to Remit with Google or with your email.'),
              element: <LoginPage.Page />,
            },
            {
              path: '/login-basic',
              handle: meta(
                LoginBasicPage,
                'Sign in with email',
                'Sign in to Remit with your email and password.',
              ),
              element: <LoginBasicPage.Page />,
            },
            {
              path: '/signup',
              handle: meta(SignUpPage, 'Sign up', 'Create your Remit account and start getting paid.'),
              element: <SignUpPage.Page />,
            },
          ],
        },
        {
          path: '/forgot-password',
          handle: meta(
            ForgotPasswordPage,
            'Reset your password',
            'Get a link to set a new password for your Remit account.',
          ),
          element: <ForgotPasswordPage.Page />,
        },
        {
          path: '/reset-password',
          handle: meta(
            ResetPasswordPage,
            'Set a new password',
            'Choose a new password for your Remit account.',
          ),
          element: <ResetPasswordPage.Page />,
        },
        {
          path: '/verify-email',
          handle: meta(
            VerifyEmailPage,
            'Verify your email',
            'Confirm the email address of your Remit account.',
          ),
          element: <VerifyEmailPage.Page />,
        },
        {
          path: '/auth/google/callback',
          handle: meta(GoogleCallbackPage, 'Signing in'),
          element: <GoogleCallbackPage.Page />,
        },
        {
          element: <RequireAuth />,
          children: [
            {
              index: true,
              handle: meta(DashboardPage, 'Dashboard', 'Your invoices and payments at a glance.'),
              element: <DashboardPage.Page />,
            },
            {
              path: '/profile',
              handle: meta(ProfilePage, 'Profile', 'Your company details, payment methods and plan.'),
              element: <ProfilePage.Page />,
            },
            {
              path: '/invoice/create',
              handle: meta(
                InvoiceCreatePage,
                'New Invoice',
                'Create an invoice and send it to your customer.',
              ),
              element: <InvoiceCreatePage.Page />,
            },
            {
              path: '/quotes',
              handle: meta(QuotesPage, 'Quotes', 'Quotes your customers accept online.'),
              element: <QuotesPage.Page />,
            },
            {
              path: '/quotes/:id',
              handle: meta(QuotePage, 'Quote', 'A quote with its actions and history.'),
              element: <QuotePage.Page />,
            },
            {
              path: '/quote/create',
              handle: meta(QuoteCreatePage, 'New Quote', 'Make a quote with the invoice form.'),
              element: <QuoteCreatePage.Page />,
            },
            {
              path: '/clients',
              handle: meta(ClientsPage, 'Clients', 'The people and companies you invoice.'),
              element: <ClientsPage.Page />,
            },
            {
              path: '/clients/:id',
              handle: meta(ClientPage, 'Client', 'A client with their invoices and balance.'),
              element: <ClientPage.Page />,
            },
            {
              path: '/items',
              handle: meta(ItemsPage, 'Items', 'The services and goods you bill, with their prices.'),
              element: <ItemsPage.Page />,
            },
            {
              path: '/bank',
              handle: meta(BankPage, 'Bank', 'Bank statements matched to your invoices.'),
              element: <BankPage.Page />,
            },
            {
              path: '/export',
              handle: meta(
                ExportPage,
                'Export',
                'Your records of a period, for your accountant or an auditor.',
              ),
              element: <ExportPage.Page />,
            },
            {
              path: '/recurring',
              handle: meta(
                RecurringPage,
                'Recurring',
                'Invoices that issue and send themselves on a schedule.',
              ),
              element: <RecurringPage.Page />,
            },
            {
              path: '/recurring/new',
              handle: meta(RecurringEditorPage, 'New recurring invoice', 'Repeat an invoice on a schedule.'),
              element: <RecurringEditorPage.Page />,
            },
            {
              path: '/recurring/:id',
              handle: meta(RecurringProfilePage, 'Recurring invoice', 'A recurring invoice and its history.'),
              element: <RecurringProfilePage.Page />,
            },
            {
              path: '/recurring/:id/edit',
              handle: meta(RecurringEditorPage, 'Edit recurring invoice', 'Change a recurring invoice.'),
              element: <RecurringEditorPage.Page />,
            },
            {
              // Issue 27: an issued invoice in the same wizard, until it is final.
              path: '/invoice/:id/edit',
              handle: meta(
                InvoiceEditPage,
                'Edit Invoice',
                'Change an invoice before it reaches your customer.',
              ),
              element: <InvoiceEditPage.Page />,
            },
            {
              path: '/subscription',
              handle: meta(SubscriptionPage, 'Plans', 'Pay per invoice or subscribe to Remit Pro.'),
              element: <SubscriptionPage.Page />,
            },
            {
              path: '/success',
              handle: meta(SuccessPage, 'Payment confirmation'),
              element: <SuccessPage.Page />,
            },
          ],
        },
        {
          path: '*',
          handle: meta(NotFoundPage, 'Page not found'),
          element: <NotFoundPage.Page />,
        },
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
