import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { buildNavigation, can, type NavigationInput, type Permission, normalizeRole, type Role, type SessionUser } from '@portal/contracts';

export interface Session {
  user: SessionUser;
  role: Role;
  /** Base64 data URL of the company (namespace) logo, or null. */
  companyLogo: string | null;
  /** The spec's logo load error when the company logo could not be loaded at start-up. */
  logoError: string | null;
  navigation: NavigationInput;
  /** Reads the session user again (after a change to the documents it is built from). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
const noRefresh = async () => undefined;

export function SessionProvider({
  user,
  companyLogo,
  logoError = null,
  refresh = noRefresh,
  children,
}: {
  user: SessionUser;
  companyLogo: string | null;
  logoError?: string | null;
  refresh?: () => Promise<void>;
  children: ReactNode;
}) {
  const value = useMemo<Session>(() => {
    const role = normalizeRole(user.role) ?? 'CLIENT-USER';
    return {
      user,
      role,
      companyLogo,
      logoError,
      navigation: { role, features: user.features, assetView: user.assetView, webAccess: user.webAccess, operator: user.operator },
      refresh,
    };
  }, [user, companyLogo, logoError, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in app');
  return session;
}

/** Whether the signed-in role holds a permission (the same registry the server enforces). */
export function useCan(permission: Permission): boolean {
  return can(useSession().role, permission);
}

export function useNavigationGroups() {
  const { navigation } = useSession();
  return useMemo(() => buildNavigation(navigation), [navigation]);
}
