import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';

const Wrapper = styled.div`
  position: relative;
  display: inline-flex;
`;

// Fixed, at the button's place: the cards clip what overflows them.
const Menu = styled.ul`
  position: fixed;
  z-index: 50;
  min-width: 13rem;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
  button {
    width: 100%;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    text-align: left;
    background: none;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
    cursor: pointer;
  }
  button:hover, button:focus-visible { background: ${({ theme }) => theme.colors.border}; outline: none; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

/** Room kept between a menu and the viewport's edges. */
const EDGE = 8;

/**
 * Where a menu of `height` opens beside its button: below it, or above it when the viewport has no room below
 * (a button in a dialog's footer), and always inside the viewport (issue 34 item 16).
 */
export function placeMenu(button: DOMRect, height: number, viewport: { width: number; height: number }) {
  const right = Math.max(EDGE, viewport.width - button.right);
  const below = button.bottom + 4;
  if (below + height <= viewport.height - EDGE) return { top: below, right };
  const above = button.top - 4 - height;
  return { top: Math.max(EDGE, above), right };
}

const menuItems = (root: HTMLElement | null) => [
  ...(root?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
];

export interface DownloadMenuProps {
  /** The document's number, for the accessible names. */
  number: string;
  /** What the document is, for the accessible names: an invoice unless said. */
  kind?: 'invoice' | 'credit note';
  busy: boolean;
  onPdf: () => void;
  onXml: () => void;
}

/**
 * The formats an invoice downloads in (issue 15): the PDF (Factur-X once the invoice is ready) and the XRechnung
 * XML, as a menu button: Enter, Space or ArrowDown open it on the first item, the arrows move, Escape closes it and
 * gives focus back to the button (and only closes the menu, not the dialog it is in), Tab or a click elsewhere
 * closes it. It opens below the button, or above it when there is no room below.
 */
export function DownloadMenu({ number, kind = 'invoice', busy, onPdf, onXml }: DownloadMenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = () => menuItems(wrapper.current);

  // Measured before the browser paints: the menu opens where it fits, never first off-screen.
  useLayoutEffect(() => {
    if (!open) return setPlace(null);
    const rect = toggle.current?.getBoundingClientRect();
    if (!rect || !menu.current) return;
    setPlace(
      placeMenu(rect, menu.current.offsetHeight, { width: window.innerWidth, height: window.innerHeight }),
    );
  }, [open]);

  // Focus moves into the menu once it is in its place (a hidden item cannot take focus).
  const placed = place !== null;
  useEffect(() => {
    if (open && placed) menuItems(wrapper.current)[0]?.focus();
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? all[0] : all.at(-1))?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const choose = (action: () => void) => () => {
    setOpen(false);
    toggle.current?.focus();
    action();
  };

  return (
    <Wrapper ref={wrapper}>
      <Button
        ref={toggle}
        variant="secondary"
        busy={busy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Download formats for ${kind} ${number}`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Formats ▾
      </Button>
      {open ? (
        <Menu
          id={menuId}
          role="menu"
          aria-label={`Download ${kind} ${number} as`}
          ref={menu}
          onKeyDown={onMenuKey}
          style={place ? { top: place.top, right: place.right } : { top: 0, right: 0, visibility: 'hidden' }}
        >
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onPdf)}>
              PDF<small>Factur-X when the {kind} is e-invoice ready</small>
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onXml)}>
              XRechnung XML<small>for public bodies and e-invoice inboxes</small>
            </button>
          </li>
        </Menu>
      ) : null}
    </Wrapper>
  );
}
