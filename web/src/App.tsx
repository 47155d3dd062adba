import { useCallback, useEffect, useRef, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import type { SessionUser } from '@portal/contracts';
import { loadSession, sessionHadExpired } from './api/session';
import { NotFound } from './common/NotFound';
import { StartupSpinner } from './common/StartupSpinner';
import { HomeDashboard } from './home/HomeDashboard';
import { AppLayout } from './layout/AppLayout';
import { goToLogin } from './login/returnTo';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { screenRoutes } from './routes';
import { SessionProvider } from './session/SessionContext';
import { startSignedInApp } from './session/startup';
import { adminTheme } from './adminTheme';

const store = localStorageStore('1', 'portal');
/** How old the session user may be before a tab that comes back to view reads it again. */
const SESSION_REREAD_MS = 60_000;

/**
 * The signed-in application. It first waits for the session user and the company logo (asked
 * by main.tsx at start-up) behind a spinner; without a session it remembers the requested page
 * and goes to /login.
 */
export default function App() {
  const [state, setState] = useState<{ user: SessionUser; logo: string | null; logoError: string | null } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    startSignedInApp()
      .then(({ user, logo, logoError }) => {
        if (!user) {
          // A session that ended while the page was closed gets the same note as one that ends in use.
          goToLogin(sessionHadExpired() ? '?expired=1' : '');
          return;
        }
        if (active) setState({ user, logo, logoError });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, []);

  // The session user carries the feature switches and web-access rules: a configuration saved
  // here (or by another administrator) reaches the navigation when it is read again, after a
  // save on the Configuration screen and when the tab comes back after a while.
  const lastRead = useRef(Date.now());
  const refresh = useCallback(async () => {
    lastRead.current = Date.now();
    const user = await loadSession(true).catch(() => null);
    if (user) setState((current) => (current ? { ...current, user } : current));
  }, []);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastRead.current > SESSION_REREAD_MS) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  // Saves queued without a connection on an earlier visit are sent once the app is open (issue 21).
  const signedIn = state !== null;
  useEffect(() => {
    if (signedIn) void import('./offline/outbox').then(({ startSending }) => startSending());
  }, [signedIn]);

  if (failed) return <StartupSpinner label="The server cannot be reached. Retrying when you reload the page." />;
  if (!state) return <StartupSpinner />;
  return (
    <SessionProvider user={state.user} companyLogo={state.logo} logoError={state.logoError} refresh={refresh}>
      <Admin
        title="Inspection Portal"
        authProvider={authProvider}
        dataProvider={dataProvider}
        layout={AppLayout}
        dashboard={HomeDashboard}
        catchAll={NotFound}
        loginPage={false}
        disableTelemetry
        requireAuth
        store={store}
        theme={adminTheme}
      >
        <Resource name="users" />
        <CustomRoutes>{screenRoutes}</CustomRoutes>
      </Admin>
    </SessionProvider>
  );
}
