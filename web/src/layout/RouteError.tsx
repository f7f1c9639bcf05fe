import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { EmptyState, icons, LineIcon } from '../components/EmptyState';
import { Button } from '../components/ui/Button';
import { logError } from '../lib/log';
import { Page } from './Page';

/** A screen failed to load or render: say so, and offer a reload (a new version may be out). */
export function RouteError() {
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

interface BoundaryProps {
  /** The address: an error belongs to the screen it happened on. */
  at: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logError('a screen failed', error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.at !== this.props.at) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Catches a page that throws while rendering or whose chunk cannot be loaded, and shows RouteError in
 * its place; a navigation to another address starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary at={pathname}>{children}</Boundary>;
}
