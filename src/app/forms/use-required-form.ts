import { useState } from 'react';
import { type FieldErrors, hasErrors, requiredFieldErrors } from './validation';

/** Describes one text input of a form; the label is already translated. */
export interface FieldSpec<F extends string> {
  readonly name: F;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete: string;
}

export interface RequiredForm<F extends string> {
  readonly values: Readonly<Record<F, string>>;
  readonly errors: FieldErrors<F>;
  readonly busy: boolean;
  setBusy(busy: boolean): void;
  /** A change handler for one field; editing a field clears its error. */
  set(field: F): (value: string) => void;
  /** Shows the 'required' errors (docs/game.md, In the browser) and tells whether the form may be sent. */
  validate(): boolean;
}

/** The state every auth form shares: values, required-field errors and the in-flight flag. */
export function useRequiredForm<F extends string>(initial: Record<F, string>): RequiredForm<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [busy, setBusy] = useState(false);
  return {
    values,
    errors,
    busy,
    setBusy,
    set: (field) => (value) => {
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    validate: () => {
      const found = requiredFieldErrors(values);
      setErrors(found);
      return !hasErrors(found);
    },
  };
}
