import type { AuthProvider } from 'react-admin';
import { HttpError } from '../api/http';
import { loadSession, signIn, signOut } from '../api/session';

/**
 * react-admin's auth flow on top of the session API. Sign-in itself happens on the light
 * login page (outside react-admin); 401 anywhere ends the session, 403 only shows an error.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }) {
    await signIn({ email: username, password });
  },
  async logout() {
    await signOut();
    return '/login';
  },
  async checkAuth() {
    const user = await loadSession();
    if (!user) throw { redirectTo: '/login', message: false };
  },
  async checkError(error) {
    const status = error instanceof HttpError ? error.status : (error as { status?: number })?.status;
    if (status === 401) throw { redirectTo: '/login?expired=1', message: false };
  },
  async getIdentity() {
    const user = await loadSession();
    if (!user) throw new Error('Not signed in');
    // No fullName: the header shows the name and role itself beside the initials.
    return { id: user.id };
  },
  async getPermissions() {
    const user = await loadSession();
    return user?.permissions ?? [];
  },
};
