import { EmptyState, LineIcon } from '../components/EmptyState';
import { ButtonLink } from '../components/ui/Button';
import { Page } from '../layout/Page';

interface PlaceholderPageProps {
  title: string;
  description: string;
  icon: string;
  note: string;
}

/** A signed-in screen whose content arrives with a later issue: its title, its purpose, a way back. */
export function PlaceholderPage({ title, description, icon, note }: PlaceholderPageProps) {
  return (
    <Page title={title} description={description}>
      <EmptyState
        icon={<LineIcon d={icon} />}
        title="Coming soon"
        actions={
          <ButtonLink to="/" variant="secondary">
            Back to Dashboard
          </ButtonLink>
        }
      >
        {note}
      </EmptyState>
    </Page>
  );
}
