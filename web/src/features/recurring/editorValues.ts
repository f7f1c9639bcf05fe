import {
  firstPeriodFrom,
  type InvoiceSubmitInput,
  periodDate,
  type RecurringProfileAnswer,
  type RecurringProfileInput,
} from '@remit/contracts';
import { isoDay } from '../../lib/format';
import { ordinal } from './describe';

/** The recurring editor's fields (issue 33) and how they become `POST /recurring`'s body. */

export type Ends = 'never' | 'date' | 'count';

export interface Values {
  frequency: RecurringProfileInput['frequency'];
  dayOfMonth: string;
  startDate: string;
  ends: Ends;
  endDate: string;
  count: string;
  mode: RecurringProfileInput['mode'];
  missed: 'issue' | 'skip';
}

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const fromProfile = (profile: RecurringProfileAnswer): Values => ({
  frequency: profile.frequency,
  dayOfMonth: profile.dayOfMonth === null ? '' : String(profile.dayOfMonth),
  startDate: profile.startDate,
  ends: profile.endDate ? 'date' : profile.count ? 'count' : 'never',
  endDate: profile.endDate ?? '',
  count: profile.count ? String(profile.count) : '',
  mode: profile.mode,
  missed: profile.missed,
});

/**
 * The first run of a schedule made from an invoice: the first of its periods after that invoice's date that is not
 * in the past, so the invoice just issued is not issued again today (a profile whose start is today runs on the next
 * tick) and an old invoice does not bring back every period since (missed periods are issued, D-275).
 */
export function firstRunAfter(issueDate: string, frequency: Values['frequency'], today = isoDay(0)): string {
  const schedule = { frequency, dayOfMonth: null, startDate: issueDate, endDate: null, count: null };
  return periodDate(schedule, firstPeriodFrom(schedule, 1, today)) ?? today;
}

export const fresh = (): Values => ({
  frequency: 'monthly',
  dayOfMonth: '',
  startDate: isoDay(0),
  ends: 'never',
  endDate: '',
  count: '12',
  mode: 'send',
  missed: 'issue',
});

export const dayOptions = [
  { value: '', label: 'Same day as the first run' },
  ...Array.from({ length: 31 }, (_, index) => ({
    value: String(index + 1),
    label: `The ${ordinal(index + 1)}`,
  })),
  { value: 'last', label: 'The last day of the month' },
];

export const frequencyOptions = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
];

/** The body of `POST /recurring` / `PUT /recurring/{id}`: the invoice repeated and the schedule chosen. */
export function recurringRequest(
  template: InvoiceSubmitInput,
  values: Values,
  timeZone: string,
): RecurringProfileInput {
  const {
    draftId: _draft,
    status: _status,
    ...invoice
  } = template as InvoiceSubmitInput & { draftId?: string; status?: string };
  return {
    invoice,
    frequency: values.frequency,
    dayOfMonth:
      values.frequency === 'weekly' || values.dayOfMonth === ''
        ? null
        : values.dayOfMonth === 'last'
          ? 'last'
          : Number(values.dayOfMonth),
    startDate: values.startDate,
    endDate: values.ends === 'date' ? values.endDate : null,
    count: values.ends === 'count' ? Number(values.count) : null,
    mode: values.mode,
    missed: values.missed,
    timeZone,
  };
}
