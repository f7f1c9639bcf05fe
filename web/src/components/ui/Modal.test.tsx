import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { Modal } from './Modal';

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <ThemeProvider theme={theme}>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">After</button>
      {open && (
        <Modal
          title="Invoice Preview"
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                Close
              </button>
              <button type="button">Download PDF</button>
            </>
          }
        >
          <button type="button" onClick={() => setInner(true)}>
            First inside
          </button>
          <button type="button" disabled>
            Disabled
          </button>
          {nested && inner && (
            <Modal title="Are you sure?" onClose={() => setInner(false)}>
              <button type="button">Yes</button>
            </Modal>
          )}
        </Modal>
      )}
    </ThemeProvider>
  );
}

const focused = () => document.activeElement?.textContent;

describe('Modal focus (issue 16)', () => {
  it('keeps Tab and Shift+Tab inside the dialog and returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Invoice Preview' });
    expect(dialog).toHaveFocus();
    const forward = [];
    for (let press = 0; press < 7; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      forward.push(focused());
    }
    expect(forward).toEqual([
      'First inside',
      'Close',
      'Download PDF',
      'First inside',
      'Close',
      'Download PDF',
      'First inside',
    ]);
    await user.tab({ shift: true });
    expect(focused()).toBe('Download PDF');
    await user.tab({ shift: true });
    expect(focused()).toBe('Close');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('brings focus back when something outside takes it, and Escape returns it to the opener', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Invoice Preview' });
    screen.getByRole('button', { name: 'After', hidden: true }).focus();
    expect(dialog).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('only the top dialog traps focus and answers Escape', async () => {
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'First inside' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(focused()).toBe('Yes');
    await user.tab();
    expect(focused()).toBe('Yes');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invoice Preview' })).toBeInTheDocument();
    expect(focused()).toBe('First inside');
  });

  it('renders at the end of <body>, outside a header whose backdrop-filter would hold a fixed dialog (issue 34 item 18)', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <header style={{ position: 'sticky', backdropFilter: 'blur(10px)' }}>
        <Page />
      </header>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Invoice Preview' });
    expect(container).not.toContainElement(dialog);
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  it('lets an Escape that a menu inside used close only that menu', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const inside = screen.getByRole('button', { name: 'First inside' });
    inside.addEventListener('keydown', (event) => event.key === 'Escape' && event.preventDefault());
    inside.focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Invoice Preview' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Download PDF' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Invoice Preview' })).not.toBeInTheDocument();
  });
});
