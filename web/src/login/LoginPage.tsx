import { useCallback, useEffect, useState } from 'react';
import { AUTH } from '@portal/contracts/messages';
import { LoginForm } from './LoginForm';
import { Note } from './Note';
import { ResetPasswordForm } from './ResetPasswordForm';
import { takeReturnTo } from './returnTo';
import { useBranding } from './useBranding';
import './login.css';

/**
 * /login, only for signed-out users: a page of its own, in plain React and CSS so that it
 * loads fast on a phone. The standard variant shows the product; the client-portal variant
 * (the host name contains a namespace's name) shows that namespace's name and logo.
 */
export function LoginPage() {
  const params = new URLSearchParams(window.location.search);
  const branding = useBranding();
  // A set-password link (Customer Registration's mail to a new administrator): ?setPassword=<email>&otp=<code>.
  const linkEmail = params.get('setPassword');
  const linkOtp = params.get('otp');
  const [mode, setMode] = useState<{ kind: 'login' } | { kind: 'reset'; email: string; otp?: string }>(() =>
    linkEmail && linkOtp && /^\d{6}$/.test(linkOtp) ? { kind: 'reset', email: linkEmail, otp: linkOtp } : { kind: 'login' },
  );
  const expired = params.get('expired') === '1';
  const asn = params.get('asn');

  // Into the signed-in application: a normal page load of the page the user asked for, or,
  // from a sticker, the home page with the sticker's Asset History popup.
  const goOn = useCallback(() => window.location.replace(asn ? `/?asn=${encodeURIComponent(asn)}` : takeReturnTo()), [asn]);

  useEffect(() => {
    document.title = 'Sign in · Inspection Portal';
  }, []);

  // Already signed in: /login is only for signed-out users.
  useEffect(() => {
    if (branding?.signedIn) goOn();
  }, [branding, goOn]);

  const branded = Boolean(branding?.namespace);
  const logoSrc = branding?.logo ? `data:${branding.logoType ?? 'image/png'};base64,${branding.logo}` : '/favicon.svg';

  return (
    <div className="lp">
      <aside className="lp-aside">
        <div className="lp-overline">Inspection Portal</div>
        <div>
          <p className="lp-claim">Inspections, certificates and assets in one place.</p>
          <p className="lp-sub">
            Schedule jobs, complete checklists in the field, approve and issue certificates, and let your clients see their assets and due
            dates.
          </p>
        </div>
        <div className="lp-foot">Lifting gear · Machinery · Pressure systems · Training</div>
      </aside>
      <main className="lp-main">
        <section className="lp-card">
          <div className="lp-brand">
            <img src={logoSrc} alt={branded ? `${branding?.companyName} logo` : 'Inspection Portal logo'} width={44} height={44} />
            <div>
              <h1 className="lp-title" data-testid="login-title">
                {branded ? branding?.companyName : 'Inspection Portal'}
              </h1>
              <p className="lp-muted">
                {mode.kind === 'reset' ? AUTH.resetPassword : branded ? 'Client portal sign in' : 'Sign in to continue'}
              </p>
            </div>
          </div>
          {expired && mode.kind === 'login' && (
            <Note kind="warning" testId="session-expired">
              {AUTH.sessionExpired}
            </Note>
          )}
          {mode.kind === 'login' ? (
            <LoginForm asn={asn} onSignedIn={goOn} onResetPassword={(email) => setMode({ kind: 'reset', email })} />
          ) : (
            <ResetPasswordForm initialEmail={mode.email} initialOtp={mode.otp} onDone={() => setMode({ kind: 'login' })} />
          )}
        </section>
      </main>
    </div>
  );
}
