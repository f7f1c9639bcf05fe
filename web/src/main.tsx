import './zodConfig';
import '@fontsource-variable/inter/wght.css';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './App';
import { readToken } from './api/session';
import { lastUserId, setCurrentUser } from './db/account';
import { loadDatabase } from './db/load';
import { persistQueries, restoreQueries } from './db/persistQueries';
import { afterFirstScreen } from './firstScreen';
import { logError } from './lib/log';
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

// The service worker (workbox-window and the update prompt) registers once the first screen is drawn and
// the browser is idle, as the page's own loading comes first; it installs and takes over as before.
const UpdatePrompt = lazy(() =>
  import('./features/pwa/UpdatePrompt').then(
    ({ UpdatePrompt }) => ({ default: UpdatePrompt }),
    // A chunk that cannot load (a deploy replaced it) costs the update prompt, not the app.
    (error) => {
      logError('update prompt failed to load', error);
      return { default: () => null };
    },
  ),
);

function LaterUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void afterFirstScreen().then(() => setReady(true));
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <LaterUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
