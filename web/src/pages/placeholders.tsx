import { icons } from '../components/EmptyState';
import { PlaceholderPage } from './PlaceholderPage';

export function ProfilePage() {
  return (
    <PlaceholderPage
      title="Profile"
      description="Your company details, payment methods and plan."
      icon={icons.user}
      note="Your company profile, payment methods, current plan and statistics will live here."
    />
  );
}

export function SubscriptionPage() {
  return (
    <PlaceholderPage
      title="Plans"
      description="Pay per invoice, or subscribe for unlimited invoices."
      icon={icons.card}
      note="Choose between paying per invoice and the Pro plans here."
    />
  );
}

export function SuccessPage() {
  return (
    <PlaceholderPage
      title="Payment"
      description="Confirmation of your payment or subscription."
      icon={icons.check}
      note="Your payment confirmation will appear here after checkout."
    />
  );
}
