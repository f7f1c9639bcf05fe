import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { LogoChange } from '../../api/profile';
import { Button } from '../../components/ui/Button';
import { filePickStyles } from '../../components/ui/filePick';
import { initials } from './initials';
import { Avatar } from './parts';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Frame = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 96px;
  height: 96px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: #fff;
  overflow: hidden;
  img { width: 100%; height: 100%; object-fit: contain; padding: 8px; }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;

  ${filePickStyles}
  p { font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.muted}; }
  p.error { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.danger}; }
  p:empty { display: none; }
`;

/**
 * The company logo (spec §2 Profile): the saved one, the newly picked one, or an avatar with the
 * company's initials. The change is sent with 'Update Profile'.
 */
export function LogoPicker({
  savedUrl,
  name,
  change,
  onChange,
}: {
  savedUrl: string | null;
  name: string;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const pickedUrl = useMemo(
    () => (change.kind === 'replace' ? URL.createObjectURL(change.file) : null),
    [change],
  );
  useEffect(() => () => void (pickedUrl && URL.revokeObjectURL(pickedUrl)), [pickedUrl]);
  const shownUrl = change.kind === 'replace' ? pickedUrl : change.kind === 'remove' ? null : savedUrl;

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Please choose an image file');
    if (file.size > MAX_LOGO_BYTES) return setError('The logo must be at most 2 MB');
    setError(null);
    onChange({ kind: 'replace', file });
  };

  return (
    <Row>
      <Frame>
        {shownUrl ? (
          <img src={shownUrl} alt="Company logo" />
        ) : (
          <Avatar $size={96} role="img" aria-label="No logo yet">
            {initials(name) || '?'}
          </Avatar>
        )}
      </Frame>
      <Actions>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label className="pick" htmlFor={id}>
          {shownUrl ? 'Replace logo' : 'Upload logo'}
        </label>
        {shownUrl && (
          <Button variant="ghost" onClick={() => onChange(savedUrl ? { kind: 'remove' } : { kind: 'keep' })}>
            Remove logo
          </Button>
        )}
        {change.kind === 'remove' && savedUrl && (
          <Button variant="ghost" onClick={() => onChange({ kind: 'keep' })}>
            Keep current logo
          </Button>
        )}
        <p>PNG, JPEG, GIF or WebP, up to 2 MB. Saved with Update Profile.</p>
        <p className="error" aria-live="polite">
          {error}
        </p>
      </Actions>
    </Row>
  );
}
