import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../forms/FormFields';
import type { FieldSpec, RequiredForm } from '../../forms/use-required-form';

/**
 * One card of the account page: a title, what it is about, the fields, the button, and the line
 * that says it was done (a live region, so a screen reader hears it too).
 */
export function AccountForm<F extends string>({
  id,
  title,
  text,
  form,
  fields,
  submit,
  done,
  onSubmit,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly text?: ReactNode;
  readonly form: RequiredForm<F>;
  readonly fields: readonly FieldSpec<F>[];
  readonly submit: string;
  readonly done: string | null;
  readonly onSubmit: () => Promise<void>;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  const send = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!form.validate()) return;
    await onSubmit();
  };
  return (
    <section className="card account-card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {text && <p className="card-text">{text}</p>}
      <form onSubmit={(event) => void send(event)} noValidate>
        <FormFields form={form} fields={fields} />
        {children}
        <div className="account-submit">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('forms.sending') : submit}
          </button>
          <p className="account-done" role="status">
            {done}
          </p>
        </div>
      </form>
    </section>
  );
}
