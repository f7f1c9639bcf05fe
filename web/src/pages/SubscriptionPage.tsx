export { SubscriptionPage } from './placeholders';
