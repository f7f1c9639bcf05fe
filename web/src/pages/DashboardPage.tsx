import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState, icons, LineIcon } from '../components/EmptyState';
import { ButtonLink } from '../components/ui/Button';
import { Badge } from '../components/ui/Card';
import { useAuth } from '../features/auth/AuthProvider';
import { Page } from '../layout/Page';
import { media } from '../theme/theme';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  ${media.sm} { grid-template-columns: repeat(3, 1fr); }
`;

const Step = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  color: inherit;
  text-decoration: none;
  transition: border-color ${({ theme }) => theme.transitions.fast}, box-shadow ${({ theme }) => theme.transitions.fast};

  &:hover {
    color: inherit;
    border-color: ${({ theme }) => theme.colors.borderStrong};
    box-shadow: ${({ theme }) => theme.shadows.md};
  }

  h2 {
    display: flex;
    align-items: center;
    justify-content: space-between;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h2 span { color: ${({ theme }) => theme.colors.subtle}; transition: transform ${({ theme }) => theme.transitions.fast}; }
  &:hover h2 span { transform: translateX(3px); color: ${({ theme }) => theme.colors.brand}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const StepIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  margin-bottom: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brand};
`;

const steps = [
  {
    to: '/profile',
    icon: icons.user,
    title: 'Complete your profile',
    text: 'Add your company details once; every invoice uses them.',
  },
  {
    to: '/profile',
    icon: icons.card,
    title: 'Add a payment method',
    text: 'Bank transfer or a payment link, shown on each invoice.',
  },
  {
    to: '/invoice/create',
    icon: icons.invoice,
    title: 'Send your first invoice',
    text: 'Fill in the details, pick a template, download the PDF.',
  },
];

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
        {steps.map((step) => (
          <Step key={step.title} to={step.to}>
            <StepIcon aria-hidden="true">
              <LineIcon d={step.icon} size={20} />
            </StepIcon>
            <h2>
              {step.title}
              <span aria-hidden="true">→</span>
            </h2>
            <p>{step.text}</p>
          </Step>
        ))}
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
