import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import type { FieldProps } from './useForm';

/** The e-mail input every sign-in form has, with the browser's e-mail keyboard and autofill. */
export function EmailField(props: FieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A form's main button: disabled while a request runs or the form is invalid (spec §4). */
export function SubmitButton({
  form,
  children,
}: {
  form: { isBusy: boolean; canSubmit: boolean };
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" block busy={form.isBusy} disabled={!form.canSubmit}>
      {children}
    </Button>
  );
}
