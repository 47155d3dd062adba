/** Where to go after sign-in: the page the user asked for before being sent to /login. */
const KEY = 'portal.returnTo';

export function rememberReturnTo(path: string): void {
  if (path && !path.startsWith('/login')) sessionStorage.setItem(KEY, path);
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : '/';
}

/** Leaves the signed-in application for the login page, remembering where the user was. */
export function goToLogin(search = ''): void {
  if (window.location.pathname.startsWith('/login')) return;
  rememberReturnTo(window.location.pathname + window.location.search);
  window.location.replace(`/login${search}`);
}
