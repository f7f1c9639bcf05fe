import { type DocumentLanguage, documentLanguageSettingSchema } from '@remit/contracts';
import { request } from './client';

/** `GET /settings/language`: the owner's document language (English until chosen; issue 30). */
export function fetchDocumentLanguage(signal?: AbortSignal) {
  return request('GET', '/settings/language', { schema: documentLanguageSettingSchema, signal });
}

/** `PUT /settings/language`: what new invoices are written in unless their client or the wizard says another. */
export function saveDocumentLanguage(language: DocumentLanguage, idempotencyKey: string) {
  return request('PUT', '/settings/language', {
    body: { language },
    idempotencyKey,
    schema: documentLanguageSettingSchema,
  });
}
