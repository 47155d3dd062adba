import type { SessionUser } from '@portal/contracts';
import { get, logoLoadError } from '../api/http';
import { loadSession } from '../api/session';

export interface Startup {
  /** null: no session (never signed in, or it ended). */
  user: SessionUser | null;
  /** Base64 data URL of the company logo, or null. */
  logo: string | null;
  /** The spec's logo load error when the logo could not be loaded. */
  logoError: string | null;
}

let started: Promise<Startup> | null = null;

/**
 * What the signed-in app needs before its first screen: the session user and the company logo.
 * Both calls go out together, as soon as main.tsx runs, while the browser is still loading and
 * running the application's scripts; App then only waits for what is left. Rejects when the
 * server cannot be reached.
 */
export function startSignedInApp(): Promise<Startup> {
  if (!started) {
    // The logo call is anonymous: without a session its 401 is not a session that ended in use.
    const logo = get<{ companyLogo: string | null; fileType: string | null }>('/CustomerRegistration/getImageFromSession', {
      anonymous: true,
    }).then(
      (answer) => ({
        logo: answer.companyLogo ? `data:${answer.fileType ?? 'image/png'};base64,${answer.companyLogo}` : null,
        logoError: null,
      }),
      // The portal works without its logo; the header says why it is missing.
      (error: unknown) => ({ logo: null, logoError: logoLoadError(error) }),
    );
    started = Promise.all([loadSession(), logo]).then(([user, branding]) => ({ user, ...branding }));
    started.catch(() => {
      started = null;
    });
  }
  return started;
}
