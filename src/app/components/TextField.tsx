import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'email' | 'password';
  readonly autoComplete?: string;
  readonly error?: 'required' | undefined;
}

/** A labelled input that shows its 'required' error under it. */
export function TextField({ label, name, value, onChange, type = 'text', autoComplete, error }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={errorId} className="field-error">
          {t(`forms.${error}`)}
        </span>
      )}
    </div>
  );
}
