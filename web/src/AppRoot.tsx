import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import App from './App';
import { onSessionExpired } from './api/http';
import { forgetSession } from './api/session';
import { goToLogin } from './login/returnTo';
import { theme } from './theme';

/** react-admin routes to /login when a session is missing: that page is its own entry. */
function LeaveForLogin() {
  useEffect(() => goToLogin(window.location.search), []);
  return null;
}

/** The signed-in application behind its router; a 401 anywhere leads to the login page. */
export default function AppRoot() {
  useEffect(
    () =>
      onSessionExpired(() => {
        forgetSession();
        goToLogin('?expired=1');
      }),
    [],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <Routes>
          <Route path="/login" element={<LeaveForLogin />} />
          <Route path="/*" element={<App />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}
