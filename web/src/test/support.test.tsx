import { render, screen, waitFor } from '@testing-library/react';
import styled from 'styled-components';
import { describe, expect, it } from 'vitest';

// What test/setup.ts changes in jsdom and Testing Library for speed must not change what a test sees.

describe("a label's control, found through the document's ids (labelControl.ts)", () => {
  it('is the first element with the id in tree order, if it is labelable', () => {
    render(
      <form>
        <label htmlFor="a">First</label>
        <input id="a" />
        <input id="a" aria-label="second a" />
        <label htmlFor="hidden">Hidden</label>
        <input id="hidden" type="hidden" />
        <label htmlFor="div">Div</label>
        <div id="div" />
        <label htmlFor="">Empty</label>
        <label htmlFor="missing">Missing</label>
        <label>
          Wrapped <select />
        </label>
      </form>,
    );
    const [first, hidden, div, empty, missing, wrapped] = document.querySelectorAll('label');
    const [a, secondA] = document.querySelectorAll<HTMLInputElement>('#a');
    expect(first?.control).toBe(a);
    expect([...(a?.labels ?? [])]).toEqual([first]);
    expect([...(secondA?.labels ?? [])]).toEqual([]);
    expect(hidden?.control).toBeNull();
    expect(div?.control).toBeNull();
    expect(empty?.control).toBeNull();
    expect(missing?.control).toBeNull();
    expect(wrapped?.control).toBe(document.querySelector('select'));
    expect(screen.getByLabelText('First')).toBe(a);
  });

  it('follows the ids as they change, and outside the document keeps the walk', () => {
    const label = document.createElement('label');
    label.htmlFor = 'x';
    const input = document.createElement('input');
    input.id = 'x';
    const detached = document.createElement('div');
    detached.append(label, input);
    expect(label.control).toBe(input);
    document.body.append(detached);
    expect(label.control).toBe(input);
    input.id = 'y';
    expect(label.control).toBeNull();
    label.htmlFor = 'y';
    expect(label.control).toBe(input);
    detached.remove();
  });
});

describe('errors of a query (elementError.ts)', () => {
  it('print the page when a query fails outside a wait', () => {
    render(<p>shown text</p>);
    expect(() => screen.getByText('absent')).toThrow(/shown text/);
  });

  it('print the page as it is when a wait gives up', async () => {
    render(<p>shown text</p>);
    const error: Error = await screen.findByText('absent', {}, { timeout: 100 }).catch((e) => e);
    expect(error.message).toMatch(/^Unable to find an element with the text: absent/);
    expect(error.message).toContain('shown text');
    const failed: Error = await waitFor(() => screen.getByRole('button'), { timeout: 100 }).catch((e) => e);
    expect(failed.message).toContain('shown text');
  });
});

describe('styled-components in tests (SC_DISABLE_SPEEDY in web/vitest.config.ts)', () => {
  it('puts its rules in the style sheets, where computed styles read them', () => {
    const Hidden = styled.span`
      display: none;
    `;
    render(<Hidden>not shown</Hidden>);
    expect(getComputedStyle(screen.getByText('not shown')).display).toBe('none');
    expect(screen.queryByText('not shown')).not.toBeVisible();
  });
});
