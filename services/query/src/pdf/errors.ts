export type RenderErrorCode =
  | 'unknown_template'
  | 'invalid_logo'
  | 'compile_failed'
  | 'timeout'
  | 'crashed'
  | 'busy'
  | 'closed';

/** Every failure of the PDF renderer reaches callers as this, with a code the API can map to a status. */
export class RenderError extends Error {
  override name = 'RenderError';

  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
  }
}
