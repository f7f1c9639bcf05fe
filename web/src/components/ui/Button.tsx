import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface StyleProps {
  $variant: ButtonVariant;
  $block: boolean;
  $size: 'md' | 'lg';
}

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  min-height: ${({ $size }) => ($size === 'lg' ? '46px' : '40px')};
  padding: 0 ${({ theme, $size }) => ($size === 'lg' ? theme.space.lg : theme.space.md)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background ${({ theme }) => theme.transitions.fast}, border-color ${({ theme }) => theme.transitions.fast},
    box-shadow ${({ theme }) => theme.transitions.fast}, color ${({ theme }) => theme.transitions.fast};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
    box-shadow: none;
  }

  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.brand};
          color: ${theme.colors.onBrand};
          box-shadow: ${theme.shadows.xs}, inset 0 1px 0 rgba(255, 255, 255, 0.12);
          &:hover:not(:disabled) { background: ${theme.colors.brandHover}; color: ${theme.colors.onBrand}; }
          &:active:not(:disabled) { background: ${theme.colors.brandActive}; }
        `;
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.ink};
          border-color: ${theme.colors.borderStrong};
          box-shadow: ${theme.shadows.xs};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceSunken}; color: ${theme.colors.ink}; }
        `;
      case 'danger':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.danger};
          border-color: ${theme.colors.dangerBorder};
          &:hover:not(:disabled) { background: ${theme.colors.dangerSoft}; color: ${theme.colors.danger}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.muted};
          &:hover:not(:disabled) { background: ${theme.colors.surfaceSunken}; color: ${theme.colors.ink}; }
        `;
    }
  }}
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;

const StyledLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'lg';
  busy?: boolean;
  /** Every click counts, a double click too (add an item, turn a page); never on a button that sends a command. */
  repeatable?: boolean;
  icon?: ReactNode;
  /** React 19 passes a ref as a prop: a menu button gives focus back to itself. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A press that must not count: the button is busy with the last one, or this is the second click of a
 * double click (`detail` counts the clicks in a row; a keyboard press has 0). Stopping its default also keeps a
 * submit button from submitting its form again.
 */
function isRepeatPress(event: MouseEvent<HTMLButtonElement>, busy: boolean, repeatable: boolean): boolean {
  return busy || (!repeatable && event.detail > 1);
}

export function Button({
  variant = 'primary',
  block = false,
  size = 'md',
  busy = false,
  repeatable = false,
  icon,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type="button"
      $variant={variant}
      $block={block}
      $size={size}
      aria-busy={busy || undefined}
      {...rest}
      onClick={(event) => {
        if (isRepeatPress(event, busy, repeatable)) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy ? <Spinner size={16} decorative /> : icon}
      {children}
    </StyledButton>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'lg';
  icon?: ReactNode;
}

export function ButtonLink({
  variant = 'primary',
  block = false,
  size = 'md',
  icon,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <StyledLink $variant={variant} $block={block} $size={size} {...rest}>
      {icon}
      {children}
    </StyledLink>
  );
}
