import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
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

  ${media.sm} {
    border-radius: ${({ theme }) => theme.radii.lg};
    /* A wide dialog (a preview with tabs) keeps one height, so its header and tabs stay where they are
       while its content loads or a shorter tab opens, instead of jumping under the pointer. */
    ${({ $wide }) => ($wide ? 'height: 92vh;' : '')}
  }
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

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What Tab can reach inside the dialog, in order (hidden and inert parts left out). */
function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert],[hidden],[aria-hidden="true"]') && element.tabIndex >= 0,
  );
}

/** Focus fell out of the dialog to nothing: on <body>, or on an element inside that is now disabled. */
function lostFocus(dialog: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return dialog.contains(active) && active.matches(':disabled');
}

/** Where focus goes when it was lost: the selected tab of a tabbed dialog, else the dialog itself. */
function fallbackFocus(dialog: HTMLElement): HTMLElement {
  return dialog.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? dialog;
}

/** Open dialogs, newest last: only the top one traps focus and answers Escape. */
const openDialogs: HTMLElement[] = [];

/**
 * A dialog: labelled by its title, focused when it opens, closed by Escape or the backdrop. While it is
 * open, Tab and Shift+Tab cycle inside it, focus that lands outside is brought back and focus that would
 * drop to <body> (its element removed or disabled) stays inside; on close, focus returns to the element
 * that opened it.
 */
export function Modal({ title, onClose, children, footer, wide = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    const opener = document.activeElement;
    openDialogs.push(dialog);
    dialog.focus();
    const isTop = () => openDialogs[openDialogs.length - 1] === dialog;
    const onKey = (event: KeyboardEvent) => {
      if (!isTop()) return;
      // A menu or a field inside that used Escape itself (and said so) closes only itself.
      if (event.key === 'Escape') return event.defaultPrevented ? undefined : close.current();
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(dialog);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus moved outside by other means (a click behind a transparent part, a script) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    // The focused element was removed or disabled (a tab switch, a closing menu, a command's button turned
    // busy): the browser drops focus to <body>. It stays in the dialog, on the selected tab or the dialog.
    const keepFocus = new MutationObserver(() => {
      if (isTop() && lostFocus(dialog)) fallbackFocus(dialog).focus();
    });
    keepFocus.observe(dialog, { childList: true, subtree: true, attributeFilter: ['disabled'] });
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      keepFocus.disconnect();
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  // At the end of <body>: a dialog opened from the sticky header (whose backdrop-filter makes it the box of
  // every fixed child) or a card is still centred in the viewport (issue 34 item 18).
  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $wide={wide}>
        <Head>
          <h2 id={titleId}>{title}</h2>
        </Head>
        <ScrollingBody label={title}>{children}</ScrollingBody>
        {footer && <Foot>{footer}</Foot>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}

/**
 * The dialog's content. When it is taller than the dialog it scrolls, and a keyboard user must be able to
 * scroll it too: it then takes part in the Tab order as a labelled region (WCAG 2.1.1, axe's
 * scrollable-region-focusable), which a dialog with only a frame and text would otherwise leave unreachable.
 */
function ScrollingBody({ label, children }: { label: string; children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  // Measured after every render (new content) and whenever the dialog or its content changes size (a frame
  // loading); setting the same value again does not render again.
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return (
    <Body ref={body} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} content` } : {})}>
      {children}
    </Body>
  );
}
