import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme/theme';
import { Button } from './Button';

const renderButton = (props: Parameters<typeof Button>[0]) =>
  render(
    <ThemeProvider theme={theme}>
      <Button {...props} />
    </ThemeProvider>,
  );

describe('Button (issue 34 item 1)', () => {
  it('ignores the second click of a double click and every press while busy', () => {
    const onClick = vi.fn();
    const { rerender } = renderButton({ onClick, children: 'Record payment' });
    const button = screen.getByRole('button', { name: 'Record payment' });
    fireEvent.click(button, { detail: 1 });
    fireEvent.click(button, { detail: 2 });
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <ThemeProvider theme={theme}>
        <Button onClick={onClick} busy>
          Record payment
        </Button>
      </ThemeProvider>,
    );
    fireEvent.click(button, { detail: 1 });
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit its form again on the second click', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <ThemeProvider theme={theme}>
        <form onSubmit={onSubmit}>
          <Button type="submit">Send invoice</Button>
        </form>
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Send invoice' });
    fireEvent.click(button, { detail: 1 });
    fireEvent.click(button, { detail: 2 });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets a repeatable button count every click (a keyboard press has detail 0)', () => {
    const onClick = vi.fn();
    renderButton({ onClick, repeatable: true, children: '+ Add Item' });
    const button = screen.getByRole('button', { name: '+ Add Item' });
    fireEvent.click(button, { detail: 1 });
    fireEvent.click(button, { detail: 2 });
    fireEvent.click(button, { detail: 0 });
    expect(onClick).toHaveBeenCalledTimes(3);
  });
});
