import {
  type AccountingSettings,
  type AccountingSettingsAnswer,
  accountingSettingsAnswerSchema,
  type ExportQuery,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request, requestRaw } from './client';
import { settingsKeys } from './keys';

/** `GET /exports/{kind}?…`: the path of one export, built from the same fields the server's schema checks. */
export function exportPath(query: ExportQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.format) params.set('format', query.format);
  if (query.delimiter) params.set('delimiter', query.delimiter);
  return `/exports/${encodeURIComponent(query.kind)}?${params}`;
}

/** The export's file and the name the server gives it; a refusal is an ApiError with the server's message. */
export async function downloadExport(
  query: ExportQuery,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string; chainLink: string | null }> {
  const response = await requestRaw('GET', exportPath(query), { signal });
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `remit-${query.kind}.bin`;
  return { blob: await response.blob(), fileName, chainLink: response.headers.get('X-Remit-Chain-Link') };
}

/** `GET /settings/accounting`: the owner's DATEV details (DATEV's defaults until saved). */
export const accountingSettingsQuery = queryOptions({
  queryKey: settingsKeys.accounting,
  queryFn: ({ signal }) =>
    request('GET', '/settings/accounting', { schema: accountingSettingsAnswerSchema, signal }),
});

/** `PUT /settings/accounting`: the whole set; the server checks it with the same schema. */
export function saveAccountingSettings(
  settings: AccountingSettings,
  idempotencyKey: string,
): Promise<AccountingSettingsAnswer> {
  return request('PUT', '/settings/accounting', {
    body: settings,
    idempotencyKey,
    schema: accountingSettingsAnswerSchema,
  });
}
