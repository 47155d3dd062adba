import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useMemo, useState } from 'react';
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
const lazyScreens = new Map<RouteKey, LazyExoticComponent<ComponentType<ScreenProps>>>();

function lazyScreen(key: RouteKey) {
  let component = lazyScreens.get(key);
  if (!component) {
    component = lazy(() => loadScreen(key) as NonNullable<ReturnType<typeof loadScreen>>);
    lazyScreens.set(key, component);
  }
  return component;
}

function Screen({ routeKey }: { routeKey: RouteKey }) {
  const { navigation } = useSession();
  const { allowed, label, crumbs } = useMemo(() => routeAccess(routeKey, navigation), [navigation, routeKey]);
  // A module already loaded (preloaded by main.tsx, or in idle time by the side navigation)
  // renders at once: a lazy component suspends at least once, and React then holds the page
  // back for up to 300 ms after showing the fallback. Chosen once, so the page never remounts.
  const [Component] = useState(() => (SCREENS[routeKey] ? (loadedScreen(routeKey) ?? lazyScreen(routeKey)) : null));

  if (!allowed) return <Forbidden title={ROUTES[routeKey].title} />;
  if (!Component) return <Placeholder title={label} crumbs={crumbs} />;
  return (
    <Suspense fallback={<Loading />}>
      <Component title={label} crumbs={crumbs} />
    </Suspense>
  );
}

export const screenRoutes = ROUTE_KEYS.filter((key) => key !== 'home').map((key) => (
  <Route key={key} path={ROUTES[key].path} element={<Screen key={key} routeKey={key} />} />
));
