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
import { UpdatePrompt } from './features/pwa/UpdatePrompt';
import { afterFirstScreen } from './firstScreen';
import { createQueryClient } from './queryClient';
import { AppRoutes } from './routes';

const queryClient = createQueryClient();
// The last known user and lists come back from IndexedDB before the first check, so the app can
// open offline; a slow or blocked IndexedDB never holds the start for long.
// Only the account whose token is here: another account's cache on this device stays unread.
const startUser = readToken() ? lastUserId() : null;
setCurrentUser(startUser);
// The restore reads IndexedDB without Dexie (db/peek.ts); signed out (no token) there is nothing to read.
if (startUser) {
  await Promise.race([
    restoreQueries(queryClient, startUser),
    new Promise((resolve) => setTimeout(resolve, 1500)),
  ]);
}
// Answers are written to the device through Dexie, which loads once the first screen is drawn
// (firstScreen.ts): until then the writes wait, in order, and none is lost while the tab is open.
persistQueries(queryClient, () =>
  afterFirstScreen()
    .then(loadDatabase)
    .then(({ db }) => db),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
