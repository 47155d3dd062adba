import { useEffect, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import type { SessionUser } from '@portal/contracts';
import { sessionHadExpired } from './api/session';
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

  if (failed) return <StartupSpinner label="The server cannot be reached. Retrying when you reload the page." />;
  if (!state) return <StartupSpinner />;
  return (
    <SessionProvider user={state.user} companyLogo={state.logo} logoError={state.logoError}>
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
