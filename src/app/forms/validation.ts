/** docs/game.md, In the browser: on the client every field is required and nothing else is checked. */
export type FieldErrors<F extends string> = Partial<Record<F, 'required'>>;

export function requiredFieldErrors<F extends string>(values: Readonly<Record<F, string>>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(values) as F[]) {
    if (values[field].trim() === '') errors[field] = 'required';
  }
  return errors;
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.keys(errors).length > 0;
}
