import { css } from 'styled-components';

/**
 * A file input shown as a dashed "pick" label (`<input type="file"> + <label class="pick">`): the input
 * stays in the tab order, visually hidden, and its focus ring shows on the label.
 */
export const filePickStyles = css`
  input[type='file'] { position: absolute; width: 1px; height: 1px; opacity: 0; }
  label.pick {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.brandText};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
  input[type='file']:focus-visible + label.pick { box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;
