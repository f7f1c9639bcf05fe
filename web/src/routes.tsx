import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { PageSpinner } from './components/ui/Spinner';
import { RedirectIfSignedIn, RequireAuth } from './features/auth/guards';
import { RootLayout } from './layout/RootLayout';
import { type RouteMeta, useRouteMeta } from './layout/RouteMeta';
import { RouteErrorBoundary } from './pages/RouteError';

function meta(title: string, description?: string): RouteMeta {
  return { title, description };
}

/** A page in its own chunk: loaded the first time its route renders (React.lazy). */
function page<Name extends string>(
  load: () => Promise<{ [key in Name]: ComponentType }>,
  name: Name,
): ComponentType {
  return lazy(async () => {
    const module = await load();
    const Page: ComponentType = module[name];
    return { default: Page };
  });
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
  const CustomerInvoicePage = page(() => import('./pages/CustomerInvoicePage'), 'CustomerInvoicePage');
  const LoginPage = page(() => import('./pages/LoginPage'), 'LoginPage');
  const LoginBasicPage = page(() => import('./pages/LoginBasicPage'), 'LoginBasicPage');
  const SignUpPage = page(() => import('./pages/SignUpPage'), 'SignUpPage');
  const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
  const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
  const VerifyEmailPage = page(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage');
  const GoogleCallbackPage = page(() => import('./pages/GoogleCallbackPage'), 'GoogleCallbackPage');
  const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
  const ProfilePage = page(() => import('./pages/ProfilePage'), 'ProfilePage');
  const InvoiceCreatePage = page(() => import('./pages/InvoiceCreatePage'), 'InvoiceCreatePage');
  const SubscriptionPage = page(() => import('./pages/SubscriptionPage'), 'SubscriptionPage');
  const SuccessPage = page(() => import('./pages/SuccessPage'), 'SuccessPage');
  const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

  return [
    {
      // The customer page (issue 14): public, outside the app's layout, so no header links into the app.
      path: '/i/:token',
      element: (
        <Standalone label="Loading the invoice...">
          <CustomerInvoicePage />
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
              handle: meta('Login', 'Sign in to Remit with Google or with your email.'),
              element: <LoginPage />,
            },
            {
              path: '/login-basic',
              handle: meta('Sign in with email', 'Sign in to Remit with your email and password.'),
              element: <LoginBasicPage />,
            },
            {
              path: '/signup',
              handle: meta('Sign up', 'Create your Remit account and start getting paid.'),
              element: <SignUpPage />,
            },
          ],
        },
        {
          path: '/forgot-password',
          handle: meta('Reset your password', 'Get a link to set a new password for your Remit account.'),
          element: <ForgotPasswordPage />,
        },
        {
          path: '/reset-password',
          handle: meta('Set a new password', 'Choose a new password for your Remit account.'),
          element: <ResetPasswordPage />,
        },
        {
          path: '/verify-email',
          handle: meta('Verify your email', 'Confirm the email address of your Remit account.'),
          element: <VerifyEmailPage />,
        },
        {
          path: '/auth/google/callback',
          handle: meta('Signing in'),
          element: <GoogleCallbackPage />,
        },
        {
          element: <RequireAuth />,
          children: [
            {
              index: true,
              handle: meta('Dashboard', 'Your invoices and payments at a glance.'),
              element: <DashboardPage />,
            },
            {
              path: '/profile',
              handle: meta('Profile', 'Your company details, payment methods and plan.'),
              element: <ProfilePage />,
            },
            {
              path: '/invoice/create',
              handle: meta('New Invoice', 'Create an invoice and send it to your customer.'),
              element: <InvoiceCreatePage />,
            },
            {
              path: '/subscription',
              handle: meta('Plans', 'Pay per invoice or subscribe to Remit Pro.'),
              element: <SubscriptionPage />,
            },
            {
              path: '/success',
              handle: meta('Payment confirmation'),
              element: <SuccessPage />,
            },
          ],
        },
        {
          path: '*',
          handle: meta('Page not found'),
          element: <NotFoundPage />,
        },
      ],
    },
  ];
}

/** The app's screens, inside any router (BrowserRouter in main.tsx, a memory router in tests). */
export function AppRoutes() {
  const [routes] = useState(createRoutes);
  useRouteMeta(routes);
  return useRoutes(routes);
}
