import { POSITION_HEADER } from '@remit/contracts';
import type { Response } from 'express';

/**
 * Answers a command with its result and the global position of its last event (DESIGN §1), so the
 * client's next queries can wait for the read models to catch up.
 */
export function sendCommandResult(
  res: Response,
  status: number,
  body: Record<string, unknown>,
  position: bigint | null,
): void {
  if (position !== null) res.setHeader(POSITION_HEADER, position.toString());
  res.status(status).json({ ...body, ...(position !== null ? { position: position.toString() } : {}) });
}
