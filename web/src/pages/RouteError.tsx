import { useRouteError } from 'react-router-dom';
import { EmptyState, icons, LineIcon } from '../components/EmptyState';
import { Button } from '../components/ui/Button';
import { Page } from '../layout/Page';
import { logError } from '../lib/log';

/** A screen failed to load or render: say so, and offer a reload (a new version may be out). */
export function RouteError() {
  const error = useRouteError();
  logError('a screen failed', error);
  return (
    <Page title="Something went wrong">
      <EmptyState
        icon={<LineIcon d={icons.compass} />}
        title="This screen could not be shown"
        actions={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        Check your connection and reload. If it keeps happening, contact support.
      </EmptyState>
    </Page>
  );
}
