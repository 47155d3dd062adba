import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './login/LoginPage';

/**
 * Two entries in one page: /login is a small page of its own (plain React and CSS), and
 * everything else loads the signed-in application (MUI, react-admin, the screens) in its own
 * chunks. Moving between them is a normal page load, so the login page carries nothing it
 * does not use.
 */
const SignedInApp = lazy(() => import('./AppRoot'));
const onLoginPage = /^\/login\/?$/.test(window.location.pathname);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {onLoginPage ? (
      <LoginPage />
    ) : (
      <Suspense fallback={null}>
        <SignedInApp />
      </Suspense>
    )}
  </StrictMode>,
);
