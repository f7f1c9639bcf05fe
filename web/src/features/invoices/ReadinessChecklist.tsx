import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import styled from 'styled-components';
import { paymentMethodsQuery } from '../../api/paymentMethods';
import { settingsQuery } from '../../api/profile';
import { type FormReadiness, formReadiness } from './einvoiceReadiness';
import type { WizardForm } from './wizardMachine';

const List = styled.section`
  margin-top: ${({ theme }) => theme.space.md};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: 0 0 ${({ theme }) => theme.space.xs}; }
  ul { margin: 0 0 ${({ theme }) => theme.space.sm}; padding-left: 1.25rem; }
  li { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  .ready { color: ${({ theme }) => theme.colors.success}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

const formats = [
  { key: 'en16931', title: 'Factur-X PDF, CII and UBL (EN 16931)' },
  { key: 'xrechnung', title: 'XRechnung' },
] as const;

/** What each e-invoice format still lacks (eInvoiceReadiness from contracts), or that it is ready. */
export function ReadinessChecklist({ readiness }: { readiness: FormReadiness }) {
  return (
    <List aria-label="E-invoice readiness">
      <h3>E-invoice readiness</h3>
      {readiness.complete ? (
        formats.map(({ key, title }) => {
          const issues = readiness[key];
          return (
            <div key={key}>
              {issues.length === 0 ? (
                <p className="ready">✓ Ready: {title}</p>
              ) : (
                <>
                  <p>
                    {title}:{' '}
                    {issues.length === 1 ? '1 detail is missing' : `${issues.length} details are missing`}
                  </p>
                  <ul>
                    {issues.map((issue) => (
                      <li key={`${issue.term}-${issue.field}`}>{issue.message}</li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          );
        })
      ) : (
        <p>Complete the invoice form to see what an e-invoice still needs.</p>
      )}
    </List>
  );
}

/** The checklist for a form as typed, with the profile's seller details and the chosen payment method. */
export function FormReadinessChecklist({ form }: { form: WizardForm }) {
  const settings = useQuery(settingsQuery).data;
  const methods = useQuery(paymentMethodsQuery).data ?? [];
  const readiness = useMemo(() => formReadiness(form, settings, methods), [form, settings, methods]);
  return <ReadinessChecklist readiness={readiness} />;
}
