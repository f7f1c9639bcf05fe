import { useEffect, useState } from 'react';

/**
 * Where the wizard keeps the invoice a non-subscriber just generated. Here, not in useWizard: the
 * dashboard clears it after a checkout and must not load the wizard's machine to do so.
 */
export const PENDING_INVOICE_KEY = 'remit.pendingInvoiceId';

function readPendingInvoiceId(): string | null {
  return sessionStorage.getItem(PENDING_INVOICE_KEY);
}

export function clearPendingInvoiceId(invoiceId: string): void {
  if (readPendingInvoiceId() === invoiceId) sessionStorage.removeItem(PENDING_INVOICE_KEY);
}

/**
 * The invoice a non-subscriber just generated (spec §4 After generation). The wizard stores it in
 * an effect of the same render that opens the plans overlay, so it is read once more afterwards.
 */
export function usePendingInvoiceId(): string | null {
  const [invoiceId, setInvoiceId] = useState(readPendingInvoiceId);
  useEffect(() => {
    const timer = setTimeout(() => setInvoiceId(readPendingInvoiceId()), 0);
    return () => clearTimeout(timer);
  }, []);
  return invoiceId;
}
