import styled from 'styled-components';
import { EmptyState, icons, LineIcon } from '../components/EmptyState';
import { ButtonLink } from '../components/ui/Button';
import { Badge, Card } from '../components/ui/Card';
import { useAuth } from '../features/auth/AuthProvider';
import { Page } from '../layout/Page';
import { media } from '../theme/theme';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  ${media.sm} { grid-template-columns: repeat(3, 1fr); }
`;

const Step = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg} !important;

  span { color: ${({ theme }) => theme.colors.brand}; }
  h2 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const PlanBadge = styled(Badge)`
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

/** '/': the signed-in landing. The invoice list arrives with the dashboard issue. */
export function DashboardPage() {
  const { user, subscribed } = useAuth();
  const greeting = user ? `Welcome, ${firstName(user.name)}` : 'Dashboard';
  return (
    <Page
      title={greeting}
      eyebrow={
        <PlanBadge $tone={subscribed ? 'success' : 'neutral'}>
          {subscribed ? 'Pro plan' : 'Free plan'}
        </PlanBadge>
      }
      description="Your invoices and payments at a glance."
      actions={
        <ButtonLink to="/invoice/create" size="lg" icon={<LineIcon d={icons.plus} size={18} />}>
          Create New Invoice
        </ButtonLink>
      }
    >
      <Grid>
        <Step as="article">
          <LineIcon d={icons.user} />
          <h2>Complete your profile</h2>
          <p>Add your company details once; every invoice uses them.</p>
        </Step>
        <Step as="article">
          <LineIcon d={icons.card} />
          <h2>Add a payment method</h2>
          <p>Bank transfer or a payment link, shown on each invoice.</p>
        </Step>
        <Step as="article">
          <LineIcon d={icons.invoice} />
          <h2>Send your first invoice</h2>
          <p>Fill in the details, pick a template, download the PDF.</p>
        </Step>
      </Grid>
      <EmptyState
        icon={<LineIcon d={icons.invoice} />}
        title="No Invoices Found"
        actions={<ButtonLink to="/invoice/create">Create New Invoice</ButtonLink>}
      >
        Invoices you create appear here, with their status and a PDF to download.
      </EmptyState>
    </Page>
  );
}
