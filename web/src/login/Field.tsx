import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** A labelled input of the login page, with a helper or error line under it. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  helperText?: string;
  error?: boolean;
  testId?: string;
  /** Something inside the input's right edge (the show/hide password button). */
  end?: ReactNode;
}

export function Field({ label, helperText, error, testId, end, ...input }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="lp-field">
      <label className="lp-label" htmlFor={id}>
        {label}
      </label>
      <div className={end ? 'lp-input-wrap' : undefined}>
        <input
          id={id}
          className="lp-input"
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helpId : undefined}
          data-testid={testId}
          {...input}
        />
        {end}
      </div>
      {helperText !== undefined && (
        <p id={helpId} className={`lp-help${error ? ' lp-error' : ''}`}>
          {helperText}
        </p>
      )}
    </div>
  );
}
