import { groupIban } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type PaymentMethod, paymentMethodsQuery } from '../../api/paymentMethods';
import { control, ErrorText } from './fields';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  label, .label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.ink}; }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: stretch;
`;

const IconBox = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 44px;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandText};
  svg { width: 22px; height: 22px; }
  &[data-type='none'] { background: ${({ theme }) => theme.colors.surfaceSunken}; color: ${({ theme }) => theme.colors.subtle}; }
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${control}
  flex: 1;
  width: auto;
  min-width: 0;
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  overflow-wrap: anywhere;
  a { color: ${({ theme }) => theme.colors.brandText}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

/** Spec §3: bank_transfer shows a bank icon; any other type a link icon. */
function isBankTransfer(method: Pick<PaymentMethod, 'Type'>): boolean {
  return method.Type === 'bank_transfer';
}

function paymentTypeLabel(method: Pick<PaymentMethod, 'Type'>): string {
  return isBankTransfer(method) ? 'Bank transfer' : 'Payment link';
}

function optionLabel(method: PaymentMethod): string {
  return `${method.Name} — ${paymentTypeLabel(method)}${method.IsDefault ? ' (default)' : ''}`;
}

function BankIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M3 9.5 12 4l9 5.5M4.5 10v8M9.5 10v8M14.5 10v8M19.5 10v8M3 20h18" strokeLinecap="round" />
    </svg>
  );
}

function LinkIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </svg>
  );
}

/** The chosen method's type as an icon (named for screen readers), or an empty box for 'None'. */
function PaymentTypeIcon({ method }: { method: PaymentMethod | undefined }) {
  if (!method) return <IconBox data-type="none" aria-hidden="true" />;
  const bank = isBankTransfer(method);
  return (
    <IconBox role="img" aria-label={paymentTypeLabel(method)} data-type={bank ? 'bank' : 'link'}>
      {bank ? <BankIcon /> : <LinkIcon />}
    </IconBox>
  );
}

function details(method: PaymentMethod): string {
  if (!isBankTransfer(method)) return method.PaymentLink;
  return [
    method.BankName,
    method.IBAN && `IBAN ${groupIban(method.IBAN)}`,
    method.SWIFT && `SWIFT ${method.SWIFT}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface PaymentMethodSelectProps {
  /** The form's `paymentMethodId`: an id, or null for 'None'. */
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * Step 1's payment method (spec §3, issue 7): the user's active methods, 'None', and the chosen one's
 * type as an icon beside a native select, so keyboards and screen readers get the platform's listbox.
 */
export function PaymentMethodSelect({ value, onChange, onBlur, error }: PaymentMethodSelectProps) {
  const id = useId();
  const methods = useQuery(paymentMethodsQuery);
  const active = (methods.data ?? []).filter((method) => method.IsActive);
  const chosen = active.find((method) => method.ID === value);
  const settled = methods.isSuccess && !methods.isFetching;

  // A draft may hold a method disabled (or deleted) since: it is no longer offered, so the invoice has none.
  const stale = settled && Boolean(value) && !chosen;
  useEffect(() => {
    if (stale) onChange(null);
  }, [stale, onChange]);

  if (methods.isPending) {
    return (
      <Wrapper>
        <label htmlFor={id}>Payment method</label>
        <Row>
          <PaymentTypeIcon method={undefined} />
          <Select id={id} $invalid={false} disabled aria-busy="true">
            <option>Loading payment methods…</option>
          </Select>
        </Row>
      </Wrapper>
    );
  }

  if (methods.isError && !methods.data) {
    return (
      <Wrapper>
        <span className="label">Payment method</span>
        <Note role="status">Payment methods could not be loaded.</Note>
      </Wrapper>
    );
  }

  if (active.length === 0) {
    return (
      <Wrapper>
        <span className="label">Payment method</span>
        <Note>
          None yet. <Link to="/profile">Add a payment method</Link>
        </Note>
      </Wrapper>
    );
  }

  const described = [chosen ? `${id}-details` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Wrapper>
      <label htmlFor={id}>Payment method</label>
      <Row>
        <PaymentTypeIcon method={chosen} />
        <Select
          id={id}
          name="paymentMethodId"
          value={chosen?.ID ?? ''}
          $invalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => onChange(event.target.value || null)}
          onBlur={onBlur}
        >
          <option value="">None</option>
          {active.map((method) => (
            <option key={method.ID} value={method.ID}>
              {optionLabel(method)}
            </option>
          ))}
        </Select>
      </Row>
      {chosen && <Note id={`${id}-details`}>{details(chosen)}</Note>}
      <ErrorText id={`${id}-error`} aria-live="polite">
        {error}
      </ErrorText>
    </Wrapper>
  );
}
