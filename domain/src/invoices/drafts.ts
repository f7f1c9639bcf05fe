import {
  type InvoiceDraftEvent,
  type InvoiceDraftListEvent,
  invoiceDraftStreamId,
  sameValue,
  userInvoiceDraftsStreamId,
} from '@remit/contracts';
import { type Decider, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/**
 * An unissued draft (issue 27; docs/decisions.md D-224): a form kept on the server, on every device, with no number
 * consumed, until it is issued or discarded. Its own stream `invoice-draft-{id}`; the user's list of drafts is the
 * stream `user-invoice-drafts-{userId}`, one registration per draft written with its first save.
 */
export interface DraftState {
  draftId: string | null;
  exists: boolean;
  userId: string | null;
  form: Record<string, unknown> | null;
  /** How many saves: the version an edit is made on (If-Match), so one device's save never hides another's. */
  version: number;
  discarded: boolean;
  issuedAs: string | null;
}

export type DraftCommand =
  | {
      type: 'SaveInvoiceDraft';
      data: {
        draftId: string;
        userId: string;
        form: Record<string, unknown>;
        duplicateOf: string | null;
        expectedVersion?: number;
      };
    }
  | { type: 'DiscardInvoiceDraft'; data: { draftId: string; userId: string } }
  | { type: 'MarkInvoiceDraftIssued'; data: { draftId: string; userId: string; invoiceId: string } };

const initial: DraftState = {
  draftId: null,
  exists: false,
  userId: null,
  form: null,
  version: 0,
  discarded: false,
  issuedAs: null,
};

const draftNotFound = () => new AppError('not_found', 'Draft not found');
const draftIssued = () =>
  new AppError('conflict', 'This draft was already issued as an invoice; open the invoice to change it', {
    reason: 'draft_issued',
  });
const draftChanged = (expected: number, current: number) =>
  new AppError(
    'conflict',
    `This draft was changed on another device after you opened it (version ${current}, you edited version ${expected}). Your changes were not saved: review the latest version, then save again to replace it.`,
    { reason: 'draft_changed' },
  );

export const invoiceDraftDecider: Decider<DraftState, DraftCommand, InvoiceDraftEvent> = {
  name: 'invoice-draft',
  handles: ['InvoiceDraftSaved', 'InvoiceDraftDiscarded', 'InvoiceDraftIssued'],
  initialState: initial,
  evolve(state, event) {
    switch (event.type) {
      case 'InvoiceDraftSaved':
        return {
          ...state,
          draftId: event.data.draftId,
          exists: true,
          userId: event.data.userId,
          form: event.data.form,
          version: state.version + 1,
        };
      case 'InvoiceDraftDiscarded':
        return { ...state, discarded: true };
      case 'InvoiceDraftIssued':
        return { ...state, issuedAs: event.data.invoiceId };
      default:
        return unreachable(event);
    }
  },
  decide(state, command) {
    const { draftId, userId } = command.data;
    // Another user's draft is "not found", as for invoices: an id reveals nothing.
    if (state.exists && (state.userId !== userId || state.discarded)) throw draftNotFound();
    switch (command.type) {
      case 'SaveInvoiceDraft': {
        if (state.issuedAs) throw draftIssued();
        const { form, duplicateOf, expectedVersion } = command.data;
        if (expectedVersion !== undefined && expectedVersion !== state.version)
          throw draftChanged(expectedVersion, state.version);
        if (state.exists && sameValue(form, state.form)) return [];
        return [{ type: 'InvoiceDraftSaved', data: { draftId, userId, form, duplicateOf } }];
      }
      case 'DiscardInvoiceDraft':
        if (!state.exists) throw draftNotFound();
        if (state.issuedAs) throw draftIssued();
        return [{ type: 'InvoiceDraftDiscarded', data: { draftId, userId } }];
      case 'MarkInvoiceDraftIssued':
        // A draft only this device held (never saved on the server) has nothing to mark.
        if (!state.exists) return [];
        if (state.issuedAs) throw draftIssued();
        return [{ type: 'InvoiceDraftIssued', data: command.data }];
      default:
        return unreachable(command);
    }
  },
};

/** The user's drafts: each registered once (the list a dashboard reads). */
const draftListDecider: Decider<
  { ids: ReadonlySet<string> },
  { type: 'RegisterInvoiceDraft'; data: { draftId: string; userId: string } },
  InvoiceDraftListEvent
> = {
  name: 'invoice-draft-list',
  handles: ['InvoiceDraftRegistered'],
  initialState: { ids: new Set() },
  evolve: (state, event) => ({ ids: new Set([...state.ids, event.data.draftId]) }),
  decide: (state, command) =>
    state.ids.has(command.data.draftId) ? [] : [{ type: 'InvoiceDraftRegistered', data: command.data }],
};

/** Saves a draft's whole form; its first save registers it in the user's list, in the same transaction. */
export const saveInvoiceDraft = (data: Extract<DraftCommand, { type: 'SaveInvoiceDraft' }>['data']) =>
  step({
    decider: invoiceDraftDecider,
    streams: invoiceDraftStreamId(data.draftId),
    command: { type: 'SaveInvoiceDraft', data },
    effects: (_events, before) =>
      before.exists
        ? []
        : [
            step({
              decider: draftListDecider,
              streams: userInvoiceDraftsStreamId(data.userId),
              command: { type: 'RegisterInvoiceDraft', data: { draftId: data.draftId, userId: data.userId } },
            }),
          ],
  });

export const discardInvoiceDraft = (draftId: string, userId: string) =>
  step({
    decider: invoiceDraftDecider,
    streams: invoiceDraftStreamId(draftId),
    command: { type: 'DiscardInvoiceDraft', data: { draftId, userId } },
  });

/** With an issue: the draft it came from is issued (gone from the list), in the invoice's transaction. */
export const markInvoiceDraftIssued = (draftId: string, userId: string, invoiceId: string) =>
  step({
    decider: invoiceDraftDecider,
    streams: invoiceDraftStreamId(draftId),
    command: { type: 'MarkInvoiceDraftIssued', data: { draftId, userId, invoiceId } },
  });
