import {
  creditNoteDetailSchema,
  creditNotesAnswerSchema,
  type DocumentSeriesInput,
  documentSeriesAnswerSchema,
  documentSeriesSchema,
  type EInvoiceDownloadFormat,
  type NumberedDocumentKind,
  type SendInvoiceInput,
  sendInvoiceAnswerSchema,
} from '@remit/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request, requestRaw } from './client';
import { creditNoteKeys, settingsKeys } from './keys';

/** Credit notes (issue 27; docs/api.md, "Credit notes"): the list, and each one's PDF and e-invoice. */

export const creditNotesQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: creditNoteKeys.list(page, search),
    queryFn: ({ signal }) =>
      request('GET', `/credit-notes?${new URLSearchParams({ page: String(page), search })}`, {
        schema: creditNotesAnswerSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /credit-notes/{id}`: one credit note, with what its mail says by default (the send dialog's placeholder). */
export const creditNoteQuery = (id: string) =>
  queryOptions({
    queryKey: creditNoteKeys.detail(id),
    queryFn: ({ signal }) =>
      request('GET', `/credit-notes/${encodeURIComponent(id)}`, { schema: creditNoteDetailSchema, signal }),
    meta: { persist: false },
  });

/** The file and the name the server gives it (`Content-Disposition`), or `fallback`. */
async function fileOf(path: string, fallback: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await requestRaw('GET', path);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  return { blob: await response.blob(), fileName };
}

export function fetchCreditNotePdf(id: string, number: string) {
  return fileOf(`/credit-notes/${encodeURIComponent(id)}/pdf`, `credit-note-${number}.pdf`);
}

export function fetchCreditNoteXml(id: string, number: string, format: EInvoiceDownloadFormat) {
  return fileOf(
    `/credit-notes/${encodeURIComponent(id)}/einvoice?format=${format}`,
    `credit-note-${number}-${format}.xml`,
  );
}

/** `GET /settings/document-series`: each numbered series' prefix, next number and last number given. */
export const documentSeriesQuery = queryOptions({
  queryKey: settingsKeys.documentSeries,
  queryFn: async ({ signal }) =>
    (await request('GET', '/settings/document-series', { schema: documentSeriesAnswerSchema, signal }))
      .series,
});

/** `PUT /settings/document-series/{kind}`; a number the prefix gave already is refused (422, on `nextNumber`). */
export function saveDocumentSeries(
  kind: NumberedDocumentKind,
  input: DocumentSeriesInput,
  idempotencyKey: string,
) {
  return request('PUT', `/settings/document-series/${encodeURIComponent(kind)}`, {
    body: input,
    idempotencyKey,
    schema: documentSeriesSchema.omit({ last: true }),
  });
}

/** `POST /credit-notes/{id}/send`: the credit note by e-mail with its PDF; empty fields take its defaults. */
export function sendCreditNote(id: string, input: SendInvoiceInput, idempotencyKey: string) {
  return request('POST', `/credit-notes/${encodeURIComponent(id)}/send`, {
    body: input,
    idempotencyKey,
    schema: sendInvoiceAnswerSchema,
  });
}
