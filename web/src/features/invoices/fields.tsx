import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import styled, { css } from 'styled-components';
import type { BoundField } from './useWizard';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const LabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.ink}; }
  span { font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.subtle}; font-variant-numeric: tabular-nums; }
`;

/** The look of every form control in the wizard: inputs, selects, text areas. */
export const control = css<{ $invalid: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  box-shadow: ${({ theme }) => theme.shadows.xs};
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

const Area = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 88px;
  resize: vertical;
`;

const Select = styled.select<{ $invalid: boolean }>`
  ${control}
`;

export const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.danger};
  &:empty { display: none; }
`;

function Field({
  id,
  label,
  aside,
  error,
  children,
}: {
  id: string;
  label: string;
  aside?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Wrapper>
      <LabelRow>
        <label htmlFor={id}>{label}</label>
        {aside && <span aria-hidden="true">{aside}</span>}
      </LabelRow>
      {children}
      <ErrorText id={`${id}-error`} aria-live="polite">
        {error}
      </ErrorText>
    </Wrapper>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof BoundField> &
  BoundField & { label: string; max?: number };

/** A textarea; with `max`, the spec's counter n/max beside its label. */
export function TextAreaField({ label, max, error, onChange, ...rest }: AreaProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} aside={max ? `${rest.value.length}/${max}` : undefined}>
      <Area
        id={id}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange({ target: { value: event.target.value } })}
        {...rest}
      />
    </Field>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof BoundField> &
  BoundField & { label: string; options: ReadonlyArray<{ value: string; label: string }> };

export function SelectField({ label, options, error, onChange, ...rest }: SelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <Select
        id={id}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange({ target: { value: event.target.value } })}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
