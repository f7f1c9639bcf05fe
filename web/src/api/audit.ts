import { type AuditAnswer, auditAnswerSchema } from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { auditKeys } from './keys';

export type { AuditAnswer } from '@remit/contracts';

/** `GET /audit`: whether the tamper-evident log verifies, its head, and the owner's events in it. */
export function fetchAudit(signal?: AbortSignal): Promise<AuditAnswer> {
  return request('GET', '/audit', { schema: auditAnswerSchema, signal });
}

/** The server reuses a verdict for a minute; asking more often shows nothing new. */
export const auditQuery = queryOptions({
  queryKey: auditKeys.summary,
  queryFn: ({ signal }) => fetchAudit(signal),
  staleTime: 60_000,
});
