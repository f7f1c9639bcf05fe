import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { filePickStyles } from '../../components/ui/filePick';
import { ErrorText } from './fields';

const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  ${filePickStyles}
  img { max-width: 140px; max-height: 64px; object-fit: contain; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.sm}; padding: 4px; background: #fff; }
`;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Spec §5: any image, read as a data URL and previewed; the server keeps at most 2 MB. */
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
    if (!file.type.startsWith('image/')) return setError('Please choose an image file');
    if (file.size > MAX_LOGO_BYTES) return setError('The logo must be at most 2 MB');
    setError(null);
    onChange(await readAsDataUrl(file));
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
