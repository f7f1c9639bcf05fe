import { type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { media } from '../../theme/theme';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 40;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: rgba(15, 23, 42, 0.55);

  ${media.sm} { align-items: center; padding: ${({ theme }) => theme.space.lg}; }
`;

const Panel = styled.div<{ $wide: boolean }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '960px' : '560px')};
  max-height: 92vh;
  border-radius: ${({ theme }) => theme.radii.lg} ${({ theme }) => theme.radii.lg} 0 0;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  outline: none;

  ${media.sm} { border-radius: ${({ theme }) => theme.radii.lg}; }
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Body = styled.div`
  flex: 1;
  min-height: 0;
  overflow: auto;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** A dialog: labelled by its title, focused when it opens, closed by Escape or the backdrop. */
export function Modal({ title, onClose, children, footer, wide = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);

  return (
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $wide={wide}>
        <Head>
          <h2 id={titleId}>{title}</h2>
        </Head>
        <Body>{children}</Body>
        {footer && <Foot>{footer}</Foot>}
      </Panel>
    </Backdrop>
  );
}
