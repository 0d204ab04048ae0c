import { TextField } from '../components/TextField';
import type { FieldSpec, RequiredForm } from './use-required-form';

/** The text inputs of a form, in order, bound to its state. */
export function FormFields<F extends string>({
  fields,
  form,
}: {
  readonly fields: readonly FieldSpec<F>[];
  readonly form: RequiredForm<F>;
}) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          name={field.name}
          type={field.type}
          autoComplete={field.autoComplete}
          value={form.values[field.name]}
          error={form.errors[field.name]}
          onChange={form.set(field.name)}
        />
      ))}
    </>
  );
}
