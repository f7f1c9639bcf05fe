import { logoMessages } from '@remit/contracts';
import { AppError } from '@remit/kit';
import { RenderError } from './errors.js';

/** Renderer failures as the API states them: a clear message, never a hang or a stack. */
export function renderFailure(error: unknown): unknown {
  if (!(error instanceof RenderError)) return error;
  switch (error.code) {
    case 'unknown_template':
      return new AppError('not_found', 'No such template', { cause: error });
    case 'invalid_logo':
      return new AppError('validation', `The logo could not be read. ${logoMessages.notAnImage}.`, {
        cause: error,
        fields: { logo: logoMessages.notAnImage },
      });
    case 'busy':
      return new AppError('unavailable', 'The invoice renderer is busy. Please try again in a moment.', {
        cause: error,
      });
    default:
      return new AppError('internal', 'Failed to generate invoice. Please contact support.', {
        cause: error,
      });
  }
}
