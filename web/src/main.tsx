import './zodConfig';
import '@fontsource-variable/inter/wght.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './App';
import { readToken } from './api/session';
import { lastUserId, setCurrentUser } from './db/account';
import { db } from './db/database';
import { persistQueries, restoreQueries } from './db/persistQueries';
import { UpdatePrompt } from './features/pwa/UpdatePrompt';
import { createQueryClient } from './queryClient';
import { routes } from './routes';

const queryClient = createQueryClient();
// The last known user and lists come back from IndexedDB before the first check, so the app can
// open offline; a slow or blocked IndexedDB never holds the start for long.
// Only the account whose token is here: another account's cache on this device stays unread.
const startUser = readToken() ? lastUserId() : null;
setCurrentUser(startUser);
await Promise.race([
  restoreQueries(queryClient, db, startUser),
  new Promise((resolve) => setTimeout(resolve, 1500)),
]);
persistQueries(queryClient, db);

const router = createBrowserRouter(routes);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
