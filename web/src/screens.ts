import type { ComponentType } from 'react';
import { ROUTE_KEYS, ROUTES, type RouteKey } from '@portal/contracts/navigation';
import { AREA_SCREENS, type ScreenModule } from './areas';
import type { ScreenProps } from './common/screen';

/**
 * The page module of each built screen, loaded on demand (its own chunk). A route without an
 * entry shows its breadcrumb title until a later release builds it.
 *
 * Kept apart from routes.tsx, and light, so that main.tsx can start loading the page of the
 * address being opened before React and react-admin have loaded (in parallel with the
 * session call), and so that a screen whose module is loaded renders at once. The areas made
 * with `npm run new:area` join from their own `area.ts` (areas.ts).
 */
export const SCREENS: Partial<Record<RouteKey, () => Promise<ScreenModule>>> = {
  users: () => import('./users/UsersPage'),
  clients: () => import('./clients/ClientsPage'),
  loOffice: () => import('./offices/OfficesPage'),
  division: () => import('./divisions/DivisionsPage'),
  roles: () => import('./roles/RolesPage'),
  sequenceNumber: () => import('./sequences/SequencesPage'),
  configData: () => import('./configurations/ConfigurationsPage'),
  assetTypes: () => import('./assetTypes/AssetTypesPage'),
  forms: () => import('./dataForms/DataFormsPage'),
  taskTypes: () => import('./taskTypes/TaskTypesPage'),
  jobs: () => import('./jobs/JobsPage'),
  jobLites: () => import('./jobs/JobLitesPage'),
  tasks: () => import('./tasks/TasksPage'),
  taskDetails: () => import('./tasks/TaskDetailsPage'),
  assets: () => import('./assets/AssetsPage'),
  llg: () => import('./looseGear/LooseGearPage'),
  clientInventory: () => import('./clientInventory/ClientInventoryPage'),
  assessment: () => import('./assessments/AssessmentsPage'),
  reports: () => import('./reports/ReportsPage'),
  qrSticker: () => import('./qrStickers/QrStickerPage'),
  productTechInfo: () => import('./library/LibraryPage'),
  trialFitPicLibrary: () => import('./library/LibraryPage'),
  reportLibrary: () => import('./library/LibraryPage'),
  profile: () => import('./profile/ProfilePage'),
  customerRegistration: () => import('./registration/RegistrationPage'),
  ...AREA_SCREENS,
};

const loading = new Map<RouteKey, Promise<ScreenModule>>();
const loaded = new Map<RouteKey, ComponentType<ScreenProps>>();

/** Starts loading a screen's module once; later calls share the same promise. */
export function loadScreen(key: RouteKey): Promise<ScreenModule> | null {
  const load = SCREENS[key];
  if (!load) return null;
  let promise = loading.get(key);
  if (!promise) {
    promise = load().then((module) => {
      loaded.set(key, module.default);
      return module;
    });
    // A failed load (a new release replaced the chunk, say) is tried again on next use.
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** The screen's component if its module has already loaded: it renders without suspending. */
export function loadedScreen(key: RouteKey): ComponentType<ScreenProps> | undefined {
  return loaded.get(key);
}

/** The route key of an address (exact path, trailing slash ignored). */
export function routeKeyOf(pathname: string): RouteKey | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_KEYS.find((key) => ROUTES[key].path === path);
}

/** Starts loading the page of an address, if it has one. */
export function preloadScreenOf(pathname: string): void {
  const key = routeKeyOf(pathname);
  if (key) loadScreen(key)?.catch(() => undefined);
}
