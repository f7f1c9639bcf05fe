import { useQuery } from '@tanstack/react-query';
import { plansQuery } from '../../api/billing';

/** True on a server whose operator set `BILLING=off`: every account has every feature, nothing is sold. */
export function useBillingOff(): boolean {
  return useQuery(plansQuery).data?.billing === 'off';
}
