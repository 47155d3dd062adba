import { type FormEvent, useState } from 'react';
import { AUTH } from '@portal/contracts/messages';
import { HttpError } from '../api/http';
import { signIn } from '../api/session';
import { Field } from './Field';

interface Props {
  asn: string | null;
  onSignedIn(): void;
  onResetPassword(email: string): void;
}

const Eye = ({ open }: { open: boolean }) => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    {open ? (
      <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3" />
    ) : (
      <path d="M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z" />
    )}
  </svg>
);

/** 'Email or Namespace', password with show/hide, Enter submits, server error under the password. */
export function LoginForm({ asn, onSignedIn, onResetPassword }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || busy) return;
    setBusy(true);
    setError(null);
    try {
      await signIn({ email: email.trim(), password, asn });
      onSignedIn();
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <form className="lp-form" onSubmit={submit} noValidate aria-label="Sign in">
      <Field
        label={AUTH.loginFieldLabel}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="username"
        autoFocus
        autoCapitalize="none"
        spellCheck={false}
        testId="login-email"
      />
      <div>
        <Field
          label={AUTH.passwordLabel}
          type={show ? 'text' : 'password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={Boolean(error)}
          testId="login-password"
          end={
            <button
              type="button"
              className="lp-eye"
              aria-label={show ? 'Hide password' : 'Show password'}
              onClick={() => setShow((v) => !v)}
            >
              <Eye open={!show} />
            </button>
          }
        />
        {error && (
          <p className="lp-help lp-error" role="alert" data-testid="login-error" style={{ marginTop: 6 }}>
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="lp-button" disabled={!email.trim() || !password || busy}>
        {busy ? <span className="lp-spinner" role="status" aria-label="Signing in" /> : AUTH.login}
      </button>
      <button type="button" className="lp-link" onClick={() => onResetPassword(email.trim())}>
        {AUTH.resetPassword}
      </button>
    </form>
  );
}
