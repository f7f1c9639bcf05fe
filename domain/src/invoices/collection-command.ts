import type { PaymentMethodKind } from '@remit/contracts';
import type { RecordOnlinePaymentData } from './online-payment.js';

/** The commands on an invoice's collection (issue 14 and after): decided by decideCollection (collection.ts). */
export type CollectionCommand =
  | {
      type: 'RecordPayment';
      data: {
        invoiceId: string;
        userId: string;
        paymentId: string;
        /** A decimal in the invoice's currency ("90.36"); null for the whole balance ('Mark as paid'). */
        amount: string | null;
        date: string;
        /** The server's day (UTC) when the payment was recorded: its date is not later than tomorrow. */
        today: string;
        method: PaymentMethodKind;
        reference: string;
        note: string;
        /**
         * Recorded only while the balance due is exactly this (a bank statement's automatic match): were
         * the invoice paid in part since the match was made, the payment is refused rather than partial.
         */
        onlyWhenBalanceIs?: number;
        /** `bank`: a bank statement's credit matched to the invoice (by the import or the owner). */
        source?: 'owner' | 'bank';
      };
    }
  | { type: 'ReversePayment'; data: { invoiceId: string; userId: string; paymentId: string; reason: string } }
  /** A payment the provider took on the customer page's checkout, as the provider has it now (./online-payment.ts). */
  | { type: 'RecordOnlinePayment'; data: RecordOnlinePaymentData }
  | { type: 'VoidInvoice'; data: { invoiceId: string; userId: string; reason: string } }
  | {
      type: 'SendInvoice';
      data: {
        invoiceId: string;
        userId: string;
        sendId: string;
        /** Empty: the invoice's customer. */
        to: string[];
        cc: string[];
        /** Empty: "Invoice {number} from {seller}". */
        subject: string;
        message: string;
        /** A customer page link to make with the send when none is active (its token goes in the mail). */
        share?: { shareId: string; tokenHash: string };
      };
    }
  | {
      type: 'ShareInvoice';
      /** `tokenHash`: SHA-256 (hex) of the fresh token the route made; the token stays with the answer. */
      data: { invoiceId: string; userId: string; shareId: string; tokenHash: string };
    }
  | { type: 'StopSharingInvoice'; data: { invoiceId: string; userId: string } }
  /** The customer page was opened; `viewedAt` from the server's clock. */
  | { type: 'RecordInvoiceView'; data: { invoiceId: string; userId: string; viewedAt: string } }
  | { type: 'SetInvoiceReminders'; data: { invoiceId: string; userId: string; enabled: boolean } }
  /** The time process: `today` (yyyy-mm-dd, UTC) from the one clock. */
  | { type: 'RecordOverdue'; data: { invoiceId: string; userId: string; today: string } }
  /** The time process: the owner's policy (offsets) as it stands, and `today`. */
  | { type: 'RemindCustomer'; data: { invoiceId: string; userId: string; today: string; offsets: number[] } };
