import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme/theme';
import { Modal } from './Modal';

/** A dialog like the Invoice Preview: tabs whose panels hold buttons that switch tab or become busy. */
function Preview() {
  const [tab, setTab] = useState<'history' | 'send'>('history');
  const [sending, setSending] = useState(false);
  const [menu, setMenu] = useState(false);
  const tabButton = (name: 'history' | 'send') => (
    <button type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
      {name === 'history' ? 'History' : 'Send'}
    </button>
  );
  return (
    <ThemeProvider theme={theme}>
      <Modal
        title="Invoice Preview"
        onClose={() => undefined}
        footer={
          menu ? (
            <div role="menu">
              <button type="button" role="menuitem" onClick={() => setMenu(false)}>
                Download XML
              </button>
            </div>
          ) : (
            <button type="button" onClick={() => setMenu(true)}>
              Formats
            </button>
          )
        }
      >
        <div role="tablist">
          {tabButton('history')}
          {tabButton('send')}
        </div>
        <div role="tabpanel">
          {tab === 'history' && (
            <button type="button" onClick={() => setTab('send')}>
              Send again
            </button>
          )}
          {tab === 'send' &&
            (sending ? (
              <p>Sending…</p>
            ) : (
              <button type="button" onClick={() => setSending(true)}>
                Send invoice
              </button>
            ))}
        </div>
      </Modal>
    </ThemeProvider>
  );
}

/** Focus after React has committed and the dialog has had its microtasks. */
async function focusAfterUpdate() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return document.activeElement;
}

describe('focus in a dialog never slips to <body> (issue 34 item 18)', () => {
  it('stays on the selected tab when the focused button in the panel goes away', async () => {
    render(<Preview />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    // History's panel, and the focused button with it, is gone: the now selected tab has focus.
    expect(await focusAfterUpdate()).toBe(screen.getByRole('tab', { name: 'Send' }));

    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send invoice' }));
    await user.keyboard('{Enter}');
    // The command's button was replaced while it had focus.
    expect(await focusAfterUpdate()).toBe(screen.getByRole('tab', { name: 'Send' }));
  });

  it('goes back to the dialog when a closing menu takes the focused item with it', async () => {
    render(<Preview />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Formats' }));
    screen.getByRole('menuitem', { name: 'Download XML' }).focus();
    await user.keyboard('{Enter}');
    const active = await focusAfterUpdate();
    expect(active).not.toBe(document.body);
    expect(screen.getByRole('dialog', { name: 'Invoice Preview' }).contains(active)).toBe(true);
  });
});
