import './zodConfig';
import '@fontsource-variable/inter/wght.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './App';
import { readToken } from './api/session';
import { lastUserId, setCurrentUser } from './db/account';
import { loadDatabase } from './db/load';
import { persistQueries, restoreQueries } from './db/persistQueries';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();
// The last known user and lists come back from IndexedDB before the first check, so the app can
// open offline; a slow or blocked IndexedDB never holds the start for long.
// Only the account whose token is here: another account's cache on this device stays unread.
const startUser = readToken() ? lastUserId() : null;
setCurrentUser(startUser);
// Signed out (no token), there is nothing to restore and IndexedDB's code is not loaded at all.
if (startUser) {
  await Promise.race([
    loadDatabase().then(({ db }) => restoreQueries(queryClient, db, startUser)),
    new Promise((resolve) => setTimeout(resolve, 1500)),
  ]);
}
persistQueries(queryClient, () => loadDatabase().then(({ db }) => db));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
