import './zodConfig';
import '@fontsource-variable/inter/wght.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './App';
import { readToken } from './api/session';
import { lastUserId, setCurrentUser } from './db/account';
import { loadDatabase } from './db/load';
import { persistQueries, restoreAtStart } from './db/persistQueries';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();
/** How long the first paint waits for the cache (a paint without it shows 'Checking your session...'). */
const FIRST_PAINT_WAIT_MS = 1500;
// The last known user and lists come back from IndexedDB for the first check, so the app can open
// offline: the session check waits for this restore (cacheRestored), whatever it takes. The first paint
// waits for it only briefly; until the check ends the screen says it is checking the session anyway.
// Only the account whose token is here: another account's cache on this device stays unread.
const startUser = readToken() ? lastUserId() : null;
setCurrentUser(startUser);
// Signed out (no token), there is nothing to restore and IndexedDB's code is not loaded at all.
const openDatabase = () => loadDatabase().then(({ db }) => db);
const restored = restoreAtStart(queryClient, openDatabase, startUser);
if (startUser)
  await Promise.race([restored, new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
persistQueries(queryClient, openDatabase);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first render is a transition: React renders it in slices of a few milliseconds and lets the browser
// run in between, instead of one long task while 'Loading Remit...' shows (Lighthouse's blocking time).
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
