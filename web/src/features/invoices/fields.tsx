import {
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../../components/ui/Card';
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
        {aside}
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

/** How long typing must pause before the count is announced: once per pause, not at every key. */
export const COUNT_ANNOUNCE_DELAY_MS = 700;

/**
 * The spec's counter n/max. Visible at once; screen readers hear it with the field (described by it)
 * and, politely, when typing pauses ("7 of 500 characters used").
 */
function Counter({ id, count, max }: { id: string; count: number; max: number }) {
  const [announced, setAnnounced] = useState('');
  // The count the field opens with is not news; only a change is announced.
  const shown = useRef(count);
  useEffect(() => {
    if (count === shown.current) return;
    shown.current = count;
    const timer = setTimeout(
      () => setAnnounced(`${count} of ${max} characters used`),
      COUNT_ANNOUNCE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [count, max]);
  return (
    <>
      <span id={id}>
        <span>
          {count}/{max}
        </span>
        <VisuallyHidden> characters used</VisuallyHidden>
      </span>
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
    </>
  );
}

/** A textarea; with `max`, the spec's counter n/max beside its label. */
export function TextAreaField({ label, max, error, onChange, ...rest }: AreaProps) {
  const id = useId();
  const counterId = `${id}-count`;
  const describedBy = [error ? `${id}-error` : null, max ? counterId : null].filter(Boolean).join(' ');
  return (
    <Field
      id={id}
      label={label}
      error={error}
      aside={max ? <Counter id={counterId} count={rest.value.length} max={max} /> : undefined}
    >
      <Area
        id={id}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
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
  // A long list (249 countries) is drawn once per list, not on every keystroke elsewhere in the form.
  const choices = useMemo(
    () =>
      options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      )),
    [options],
  );
  return (
    <Field id={id} label={label} error={error}>
      <Select
        id={id}
        $invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange({ target: { value: event.target.value } })}
        {...rest}
      >
        {choices}
      </Select>
    </Field>
  );
}
