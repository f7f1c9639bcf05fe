import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import styled, { css } from 'styled-components';
import type { FieldProps } from '../../features/forms/useForm';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.ink};
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $invalid: boolean; $withAction: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  padding-right: ${({ $withAction }) => ($withAction ? '4.5rem' : undefined)};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-size: ${({ theme }) => theme.fontSizes.md};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  transition: border-color ${({ theme }) => theme.transitions.fast}, box-shadow ${({ theme }) => theme.transitions.fast};

  &::placeholder { color: ${({ theme }) => theme.colors.subtle}; }
  &:hover { border-color: ${({ theme }) => theme.colors.subtle}; }
  &:focus-visible,
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focus};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
  &:read-only { background: ${({ theme }) => theme.colors.surfaceSunken}; }

  ${({ $invalid, theme }) =>
    $invalid &&
    css`
      border-color: ${theme.colors.danger};
      &:hover { border-color: ${theme.colors.danger}; }
      &:focus, &:focus-visible { border-color: ${theme.colors.danger}; box-shadow: ${theme.shadows.focusDanger}; }
    `}
`;

const RevealButton = styled.button`
  position: absolute;
  top: 50%;
  right: 6px;
  transform: translateY(-50%);
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.brandText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.brandSoft}; }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

const ErrorText = styled.p`
  display: flex;
  gap: 6px;
  align-items: flex-start;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};

  &:empty { display: none; }
`;

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldProps | 'id'>;

interface TextFieldProps extends NativeProps, FieldProps {
  label: string;
  hint?: ReactNode;
}

/** A labelled input whose message is tied to it (aria-describedby) and announced when it appears. */
export function TextField({ label, hint, error, type = 'text', onChange, ...rest }: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <InputRow>
        <Input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined}
          $invalid={Boolean(error)}
          $withAction={isPassword}
          onChange={(event) => onChange({ target: { value: event.target.value } })}
          {...rest}
        />
        {isPassword && (
          <RevealButton
            type="button"
            aria-pressed={revealed}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Hide' : 'Show'}
          </RevealButton>
        )}
      </InputRow>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <ErrorText id={errorId} aria-live="polite">
        {error}
      </ErrorText>
    </Wrapper>
  );
}
