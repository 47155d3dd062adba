import { useEffect, useState } from 'react';
import { Admin, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import type { SessionUser } from '@portal/contracts';
import { get, logoLoadError } from './api/http';
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
import { adminTheme } from './adminTheme';

const store = localStorageStore('1', 'portal');

/**
 * The signed-in application. It first loads the session user and the company logo behind a
 * spinner; without a session it remembers the requested page and goes to /login.
 */
export default function App() {
  const [state, setState] = useState<{ user: SessionUser; logo: string | null; logoError: string | null } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    (async () => {
      const user = await loadSession();
      if (!user) {
        // A session that ended while the page was closed gets the same note as one that ends in use.
        goToLogin(sessionHadExpired() ? '?expired=1' : '');
        return;
      }
      let logoError: string | null = null;
      const logo = await get<{ companyLogo: string | null; fileType: string | null }>('/CustomerRegistration/getImageFromSession')
        .then((answer) => (answer.companyLogo ? `data:${answer.fileType ?? 'image/png'};base64,${answer.companyLogo}` : null))
        .catch((error: unknown) => {
          // The portal works without its logo; the header says why it is missing.
          logoError = logoLoadError(error);
          return null;
        });
      if (active) setState({ user, logo, logoError });
    })().catch(() => active && setFailed(true));
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
