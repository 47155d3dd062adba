import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { ROUTE_KEYS, ROUTES, type RouteKey, routeAccess } from '@portal/contracts';
import { Forbidden } from './common/Forbidden';
import { Placeholder } from './common/Placeholder';
import type { ScreenProps } from './common/screen';
import { loadedScreen, loadScreen, SCREENS } from './screens';
import { useSession } from './session/SessionContext';

/**
 * Every route of the spec. Who may open one is decided by contracts `routeAccess`, the same
 * rule the side navigation is built from (and the permission the server requires for the
 * screen's calls): a refused route shows a refusal. A built screen is its page module
 * (screens.ts); a route whose screen comes with a later release shows its breadcrumb title.
 */
function Screen({ routeKey }: { routeKey: RouteKey }) {
  const { navigation } = useSession();
  const { allowed, label, crumbs } = useMemo(() => routeAccess(routeKey, navigation), [navigation, routeKey]);
  const Component = useScreenModule(allowed ? routeKey : null);

  if (!allowed) return <Forbidden title={ROUTES[routeKey].title} />;
  if (!SCREENS[routeKey]) return <Placeholder title={label} crumbs={crumbs} />;
  if (!Component) return <Loading />;
  return <Component title={label} crumbs={crumbs} />;
}

/**
 * The page component of a screen: at once when its module is loaded (main.tsx preloads the
 * one being opened, the side navigation the others), else after loading it. No Suspense on
 * purpose: React holds content that follows a Suspense fallback back for up to 300 ms.
 * A module that fails to load throws to the layout's error boundary, as a lazy one would.
 */
function useScreenModule(key: RouteKey | null): ComponentType<ScreenProps> | undefined {
  const [state, setState] = useState<{ key: RouteKey | null; component?: ComponentType<ScreenProps>; error?: unknown }>(() => ({
    key,
    component: key ? loadedScreen(key) : undefined,
  }));
  const current = state.key === key ? state : { key, component: key ? loadedScreen(key) : undefined };
  useEffect(() => {
    if (!key || current.component || current.error) return;
    let active = true;
    loadScreen(key)?.then(
      (module) => active && setState({ key, component: module.default }),
      (error: unknown) => active && setState({ key, error }),
    );
    return () => {
      active = false;
    };
  }, [key, current.component, current.error]);
  if (current.error) throw current.error;
  return current.component;
}

export const screenRoutes = ROUTE_KEYS.filter((key) => key !== 'home').map((key) => (
  <Route key={key} path={ROUTES[key].path} element={<Screen key={key} routeKey={key} />} />
));
