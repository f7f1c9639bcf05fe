import { useState } from 'react';
import { vi } from 'vitest';

/** Stands in for 'virtual:pwa-register/react' in component tests; tests set what it reports. */
export const pwaState = {
  needRefresh: false,
  offlineReady: false,
  updateServiceWorker: vi.fn(async () => {}),
};

export function useRegisterSW() {
  const needRefresh = useState(pwaState.needRefresh);
  const offlineReady = useState(pwaState.offlineReady);
  return { needRefresh, offlineReady, updateServiceWorker: pwaState.updateServiceWorker };
}
