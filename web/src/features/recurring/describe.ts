import type { RecurringProfileAnswer } from '@remit/contracts';
import { formatDate } from '../../lib/format';

/** How a profile's schedule reads on screen: 'Monthly on the 31st', 'Weekly from Jan 4, 2027'. */
export function scheduleText(
  profile: Pick<RecurringProfileAnswer, 'frequency' | 'dayOfMonth' | 'startDate'>,
) {
  const name = { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' }[
    profile.frequency
  ];
  if (profile.frequency === 'weekly') return `${name} from ${formatDate(profile.startDate)}`;
  const day = profile.dayOfMonth ?? Number(profile.startDate.slice(8, 10));
  return `${name} on the ${day === 'last' ? 'last day' : ordinal(day)}`;
}

export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

export function statusText(status: RecurringProfileAnswer['status']): string {
  return { active: 'Active', paused: 'Paused', ended: 'Ended' }[status];
}

export const modeText = (mode: RecurringProfileAnswer['mode']) =>
  mode === 'send' ? 'Issued and sent' : 'Issued as draft';
