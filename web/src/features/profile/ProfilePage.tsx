import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { invalidateAfter } from '../../api/invalidation';
import { Button } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { Page } from '../../layout/Page';
import { media } from '../../theme/theme';
import { CurrentPlanCard } from '../billing/CurrentPlanCard';
import { DeviceDataCard } from '../pwa/DeviceDataCard';
import { AccountingCard } from './AccountingCard';
import { AuditCard } from './AuditCard';
import { DocumentLanguageCard } from './DocumentLanguageCard';
import { DocumentNumbersCard } from './DocumentNumbersCard';
import { OnlinePaymentsCard } from './OnlinePaymentsCard';
import { QuickStatsCard, RecentInvoicesCard, TopClientsCard } from './PaidBlocks';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { ProfileForm } from './ProfileForm';
import { ProfileCard } from './parts';
import { toProfileFormValues } from './profileForm';
import { RemindersCard } from './RemindersCard';
import { SecurityCard } from './SecurityCard';
import { useProfileData } from './useProfileData';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.desktop} { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Below = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.desktop} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const Failed = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** /profile (spec §2 Profile): company details, payment methods, the plan and the paid blocks. */
export function ProfilePage() {
  const data = useProfileData();
  const queryClient = useQueryClient();
  const [formVersion, setFormVersion] = useState(0);
  const onSaved = useCallback(() => setFormVersion((version) => version + 1), []);
  const reload = useCallback(() => {
    // After a cancel or resume: the plan, and everything a subscription opens or closes.
    void invalidateAfter(queryClient, 'settings', 'subscription');
  }, [queryClient]);

  if (data.isLoading) return <PageSpinner label="Loading your profile..." />;
  const { profile, settings } = data;
  const block = <T,>(query: { data?: T; isError: boolean; refetch: () => unknown }) => ({
    answer: query.data,
    isError: query.isError,
    retry: () => void query.refetch(),
  });

  return (
    <Page title="Profile" description="Your company details, payment methods and plan.">
      <Columns>
        <Stack>
          <ProfileCard title="Company Details" titleId="profile-form-title">
            {settings.data ? (
              <ProfileForm
                key={formVersion}
                profile={profile.data}
                initialValues={toProfileFormValues(settings.data)}
                onSaved={onSaved}
              />
            ) : (
              <Failed>
                Your profile could not be loaded.{' '}
                <Button variant="ghost" onClick={reload}>
                  Try again
                </Button>
              </Failed>
            )}
          </ProfileCard>
          <SecurityCard />
          <DeviceDataCard />
        </Stack>
        <Stack>
          <CurrentPlanCard subscription={profile.data?.Subscription ?? null} onChanged={reload} />
          <PaymentMethodsCard methods={data.paymentMethods.data} />
          <OnlinePaymentsCard />
          <RemindersCard />
          <DocumentNumbersCard />
          <AccountingCard />
          <DocumentLanguageCard />
          <AuditCard />
        </Stack>
      </Columns>
      <Below>
        <RecentInvoicesCard state={block(data.recentInvoices)} />
        <QuickStatsCard state={block(data.quickStats)} />
        <TopClientsCard state={block(data.topClients)} />
      </Below>
    </Page>
  );
}
