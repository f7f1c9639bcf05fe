import { logoMessages, MAX_LOGO_BYTES, sniffLogoType } from '@remit/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { filePickStyles } from '../../components/ui/filePick';
import { ErrorText } from './fields';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  ${filePickStyles}
  img { max-width: 140px; max-height: 64px; object-fit: contain; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.sm}; padding: 4px; background: #fff; }
`;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Spec §5: an image, read as a data URL and previewed. It is checked here as the server checks it
 * (contracts' logo rule: PNG, JPEG, GIF or WebP by its first bytes, at most 2 MB), so an SVG or a renamed
 * file is refused when picked, not when the preview or Generate fails.
 */
export function LogoUpload({
  logo,
  onChange,
}: {
  logo: string | null;
  onChange: (logo: string | null) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) return setError(logoMessages.tooLarge);
    const type = sniffLogoType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!type) return setError(logoMessages.notAnImage);
    setError(null);
    // Typed by its content, as the server will store it.
    onChange(await readAsDataUrl(new Blob([file], { type })));
  };
  return (
    <div>
      <Row>
        {logo && <img src={logo} alt="Logo preview" />}
        <input
          id={id}
          type="file"
          accept="image/*"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <label className="pick" htmlFor={id}>
          {logo ? 'Change logo' : 'Upload logo'}
        </label>
        {logo && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            Remove logo
          </Button>
        )}
      </Row>
      <ErrorText aria-live="polite">{error}</ErrorText>
    </div>
  );
}
