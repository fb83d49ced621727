import { Field } from './chakra/Field.ts';
import { Input } from './chakra/Input.ts';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

interface Props<V> {
  form: FormikProps<V>;
  name: keyof V & string;
  label: string;
  type?: string;
  /** The on-screen keyboard to offer (e.g. 'numeric' for a whole number kept as text). */
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  min?: number;
  max?: number;
  /** Shown under the input while it has no error. */
  helper?: ReactNode;
}

/** One formik-bound input with its label and validation message. */
export function TextField<V>({
  form,
  name,
  label,
  type = 'text',
  inputMode,
  placeholder,
  required,
  disabled,
  min,
  max,
  helper,
}: Props<V>) {
  const error = form.touched[name] ? form.errors[name] : undefined;
  const value = form.values[name];
  return (
    <Field.Root invalid={typeof error === 'string'} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={name}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        min={min}
        max={max}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
      />
      {typeof error === 'string' ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
