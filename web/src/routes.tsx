import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from './components/ui/Spinner';
import { RedirectIfSignedIn, RequireAuth } from './features/auth/guards';
import { RootLayout } from './layout/RootLayout';
import type { RouteMeta } from './layout/RouteMeta';
import { RouteError } from './pages/RouteError';

function meta(title: string, description?: string): RouteMeta {
  return { title, description };
}

/** Every route of spec §2, split by page so the first screen loads only what it shows. */
export const routes: RouteObject[] = [
  {
    // The customer page (issue 14): public, outside the app's layout, so no header links into the app.
    path: '/i/:token',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner label="Loading the invoice..." />,
    lazy: () =>
      import('./pages/CustomerInvoicePage').then((page) => ({ Component: page.CustomerInvoicePage })),
  },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads, before the layout can render.
    hydrateFallbackElement: <PageSpinner label="Loading Remit..." />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: '/login',
            handle: meta('Login', 'Sign in to Remit with Google or with your email.'),
            lazy: () => import('./pages/LoginPage').then((page) => ({ Component: page.LoginPage })),
          },
          {
            path: '/login-basic',
            handle: meta('Sign in with email', 'Sign in to Remit with your email and password.'),
            lazy: () => import('./pages/LoginBasicPage').then((page) => ({ Component: page.LoginBasicPage })),
          },
          {
            path: '/signup',
            handle: meta('Sign up', 'Create your Remit account and start getting paid.'),
            lazy: () => import('./pages/SignUpPage').then((page) => ({ Component: page.SignUpPage })),
          },
        ],
      },
      {
        path: '/forgot-password',
        handle: meta('Reset your password', 'Get a link to set a new password for your Remit account.'),
        lazy: () =>
          import('./pages/ForgotPasswordPage').then((page) => ({ Component: page.ForgotPasswordPage })),
      },
      {
        path: '/reset-password',
        handle: meta('Set a new password', 'Choose a new password for your Remit account.'),
        lazy: () =>
          import('./pages/ResetPasswordPage').then((page) => ({ Component: page.ResetPasswordPage })),
      },
      {
        path: '/verify-email',
        handle: meta('Verify your email', 'Confirm the email address of your Remit account.'),
        lazy: () => import('./pages/VerifyEmailPage').then((page) => ({ Component: page.VerifyEmailPage })),
      },
      {
        path: '/auth/google/callback',
        handle: meta('Signing in'),
        lazy: () =>
          import('./pages/GoogleCallbackPage').then((page) => ({ Component: page.GoogleCallbackPage })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            handle: meta('Dashboard', 'Your invoices and payments at a glance.'),
            lazy: () => import('./pages/DashboardPage').then((page) => ({ Component: page.DashboardPage })),
          },
          {
            path: '/profile',
            handle: meta('Profile', 'Your company details, payment methods and plan.'),
            lazy: () => import('./pages/ProfilePage').then((page) => ({ Component: page.ProfilePage })),
          },
          {
            path: '/invoice/create',
            handle: meta('New Invoice', 'Create an invoice and send it to your customer.'),
            lazy: () =>
              import('./pages/InvoiceCreatePage').then((page) => ({ Component: page.InvoiceCreatePage })),
          },
          {
            path: '/subscription',
            handle: meta('Plans', 'Pay per invoice or subscribe to Remit Pro.'),
            lazy: () =>
              import('./pages/SubscriptionPage').then((page) => ({ Component: page.SubscriptionPage })),
          },
          {
            path: '/success',
            handle: meta('Payment confirmation'),
            lazy: () => import('./pages/SuccessPage').then((page) => ({ Component: page.SuccessPage })),
          },
        ],
      },
      {
        path: '*',
        handle: meta('Page not found'),
        lazy: () => import('./pages/NotFoundPage').then((page) => ({ Component: page.NotFoundPage })),
      },
    ],
  },
];
