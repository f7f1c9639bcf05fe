import { type LogoEvent, logoStreamId } from '@remit/contracts';
import { type Decider, type StoredEvent, step } from '@remit/eventstore';
import { logoIdOf, sniffImage } from './image.js';

/** An image to keep for a user: content-addressed, so the same bytes from the same user are stored once. */
export interface LogoUpload {
  logoId: string;
  userId: string;
  contentType: string;
  bytes: Buffer;
}

/** Checks the bytes are an image we accept (by their magic bytes) and names them; throws a 415 otherwise. */
export function logoUpload(userId: string, bytes: Buffer): LogoUpload {
  return { logoId: logoIdOf(userId, bytes), userId, contentType: sniffImage(bytes), bytes };
}

type UploadLogo = { type: 'UploadLogo'; data: LogoUpload };

/** `logo-{id}`: written once; a second upload of the same image changes nothing. */
const logoDecider: Decider<{ stored: boolean }, UploadLogo, LogoEvent> = {
  name: 'logo',
  handles: ['LogoUploaded'],
  initialState: { stored: false },
  evolve: () => ({ stored: true }),
  decide(state, { data }) {
    if (state.stored) return [];
    const { logoId, userId, contentType, bytes } = data;
    return [
      { type: 'LogoUploaded', data: { logoId, userId, contentType, base64: bytes.toString('base64') } },
    ];
  },
};

export const uploadLogo = (upload: LogoUpload, known?: ReadonlyMap<string, StoredEvent[]>) =>
  step({
    decider: logoDecider,
    streams: logoStreamId(upload.logoId),
    known,
    command: { type: 'UploadLogo', data: upload },
  });
