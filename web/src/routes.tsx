import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useMemo } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { buildNavigation, can, type Permission, ROUTES, type RouteKey } from '@portal/contracts';
import { Forbidden } from './common/Forbidden';
import type { Crumb } from './common/PageHeader';
import { Placeholder } from './common/Placeholder';
import { useSession } from './session/SessionContext';

/**
 * Every route of the spec. A screen is a lazily loaded module (its own chunk); a route whose
 * screen comes with a later release shows its breadcrumb title. A route the role may not open
 * shows a refusal (the server refuses its calls too).
 */
export interface ScreenProps {
  title: string;
  crumbs: Crumb[];
}

const SCREENS: Partial<Record<RouteKey, LazyExoticComponent<ComponentType<ScreenProps>>>> = {
  users: lazy(() => import('./users/UsersPage')),
  clients: lazy(() => import('./clients/ClientsPage')),
  loOffice: lazy(() => import('./offices/OfficesPage')),
  division: lazy(() => import('./divisions/DivisionsPage')),
  roles: lazy(() => import('./roles/RolesPage')),
  sequenceNumber: lazy(() => import('./sequences/SequencesPage')),
};

/** Routes outside the side navigation, with who may open them. */
const EXTRA_ACCESS: Partial<Record<RouteKey, Permission | 'everyone'>> = {
  loCompany: 'offices.read',
  sortableTree: 'everyone',
  category: 'settings.read',
  templates: 'settings.read',
  states: 'settings.read',
};

function groupOf(path: string): string {
  const segment = path.split('/')[1] ?? '';
  return (
    { admin: 'Admin', resources: 'Resources', settings: 'Settings', operations: 'Operations', technicalLibrary: 'Technical Library' }[
      segment
    ] ?? ''
  );
}

function Screen({ routeKey }: { routeKey: RouteKey }) {
  const { navigation, role } = useSession();
  const route = ROUTES[routeKey];
  const { allowed, label, crumbs } = useMemo(() => {
    const groups = buildNavigation(navigation);
    for (const group of groups) {
      const item = group.items.find((i) => i.key === routeKey);
      if (item && !item.disabled) return { allowed: true, label: item.label, crumbs: [{ label: group.label }] };
    }
    const extra = EXTRA_ACCESS[routeKey];
    const ok = extra === 'everyone' || (extra !== undefined && can(role, extra));
    const group = groupOf(route.path);
    return { allowed: ok, label: route.title, crumbs: group ? [{ label: group }] : [] };
  }, [navigation, role, routeKey, route]);

  if (!allowed) return <Forbidden title={route.title} />;
  const Component = SCREENS[routeKey];
  if (!Component) return <Placeholder title={label} crumbs={crumbs} />;
  return (
    <Suspense fallback={<Loading />}>
      <Component title={label} crumbs={crumbs} />
    </Suspense>
  );
}

export const screenRoutes = (Object.keys(ROUTES) as RouteKey[])
  .filter((key) => key !== 'home')
  .map((key) => <Route key={key} path={ROUTES[key].path} element={<Screen routeKey={key} />} />);
