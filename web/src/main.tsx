import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from './login/LoginPage';
import { startStartupReads } from './api/startupReads';
import { preloadScreenOf } from './screens';
import { startSignedInApp } from './session/startup';

/**
 * Two entries in one page: /login is a small page of its own (plain React and CSS), and
 * everything else loads the signed-in application (MUI, react-admin, the screens) in its own
 * chunks. Moving between them is a normal page load, so the login page carries nothing it
 * does not use.
 *
 * Opening the signed-in app, four things start at once, before React and react-admin have
 * loaded: the session and logo calls, the data calls the screen made when it was last opened
 * here (api/startupReads.ts), the application's module, and the module of the screen being
 * opened (docs/decisions.md "Start-up").
 */
const onLoginPage = /^\/login\/?$/.test(window.location.pathname);
if (!onLoginPage) {
  startStartupReads(window.location.pathname);
  startSignedInApp().catch(() => undefined);
  preloadScreenOf(window.location.pathname);
}
// The app shell's service worker (vite.config.ts), in production builds only: a task open for
// inspection reopens after an offline reload (issue 21).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  });
}
const root = createRoot(document.getElementById('root') as HTMLElement);
if (onLoginPage) {
  root.render(
    <StrictMode>
      <LoginPage />
    </StrictMode>,
  );
} else {
  // Rendered once loaded rather than through lazy() and Suspense: React holds content that
  // follows a Suspense fallback back for up to 300 ms, which the page would spend idle.
  void import('./AppRoot').then(({ default: AppRoot }) =>
    root.render(
      <StrictMode>
        <AppRoot />
      </StrictMode>,
    ),
  );
}
