import { EmptyState, icons, LineIcon } from '../components/EmptyState';
import { ButtonLink } from '../components/ui/Button';
import { Page } from './Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <EmptyState
        icon={<LineIcon d={icons.compass} />}
        title="We couldn't find that page"
        actions={<ButtonLink to="/">Go to Dashboard</ButtonLink>}
      >
        The address may be mistyped, or the page has moved.
      </EmptyState>
    </Page>
  );
}
