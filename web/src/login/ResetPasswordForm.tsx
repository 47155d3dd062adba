import { type FormEvent, useEffect, useState } from 'react';
import { AUTH } from '@portal/contracts/messages';
import { HttpError, post } from '../api/http';
import { Field } from './Field';
import { Note } from './Note';
import { resetPasswordErrors } from './passwordRules';

interface Props {
  initialEmail: string;
  /** From a set-password link (a new namespace's administrator): straight to step 2 with the code filled in. */
  initialOtp?: string;
  onDone(): void;
}

/**
 * Two steps (shell document 2 and 5): request an OTP for an e-mail, then New Password,
 * Confirm Password and OTP. Success returns to the login form after 2 s.
 */
export function ResetPasswordForm({ initialEmail, initialOtp, onDone }: Props) {
  const [step, setStep] = useState<1 | 2>(initialOtp ? 2 : 1);
  const [email, setEmail] = useState(initialEmail);
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [otp, setOtp] = useState(initialOtp ?? '');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDone, 2000);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const requestOtp = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await post<{ message: string }>('/generateOTP', { email: email.trim() }, { anonymous: true });
      setInfo(answer.message);
      setStep(2);
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const errors = resetPasswordErrors({ newPassword, confirmPassword, otp });
  const valid = Object.keys(errors).length === 0;
  const shown = (field: keyof typeof errors) => (touched[field] ? errors[field] : undefined);
  const touch = (field: string) => setTouched((t) => ({ ...t, [field]: true }));

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await post<{ message: string }>(
        '/resetPassword',
        { email: email.trim(), newPassword: newPassword.trim(), otp: otp.trim() },
        { anonymous: true },
      );
      setInfo(answer.message);
      setDone(true);
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  if (step === 1) {
    return (
      <form className="lp-form" onSubmit={requestOtp} noValidate aria-label="Request OTP">
        <p className="lp-muted" style={{ margin: 0 }}>
          Enter your e-mail address. We will send you a one-time password (OTP) to set a new password.
        </p>
        <Field
          label="Email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
          autoComplete="username"
          testId="reset-email"
        />
        {error && <Note kind="error">{error}</Note>}
        <button type="submit" className="lp-button" disabled={!email.trim() || busy}>
          {AUTH.requestOtp}
        </button>
        <button type="button" className="lp-link" onClick={onDone}>
          {AUTH.backToLogin}
        </button>
      </form>
    );
  }

  return (
    <form className="lp-form" onSubmit={confirm} noValidate aria-label="Set a new password">
      {info && <Note kind={done ? 'success' : 'info'}>{info}</Note>}
      <Field
        label={AUTH.newPassword}
        type="password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        onBlur={() => touch('newPassword')}
        error={Boolean(shown('newPassword'))}
        helperText={shown('newPassword') ?? ' '}
        autoComplete="new-password"
        disabled={done}
        testId="reset-new-password"
      />
      <Field
        label={AUTH.confirmPassword}
        type="password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        onBlur={() => touch('confirmPassword')}
        error={Boolean(shown('confirmPassword'))}
        helperText={shown('confirmPassword') ?? ' '}
        autoComplete="new-password"
        disabled={done}
        testId="reset-confirm-password"
      />
      <Field
        label={AUTH.otp}
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={() => touch('otp')}
        error={Boolean(shown('otp'))}
        helperText={shown('otp') ?? ' '}
        autoComplete="one-time-code"
        inputMode="numeric"
        disabled={done}
        testId="reset-otp"
      />
      {error && <Note kind="error">{error}</Note>}
      <button type="submit" className="lp-button" disabled={!valid || busy || done}>
        {AUTH.confirm}
      </button>
      <button type="button" className="lp-link" onClick={onDone}>
        {AUTH.backToLogin}
      </button>
    </form>
  );
}
