import { AREA_ROUTES } from './areas';
import type { Features } from './features';
import { can, type Permission } from './permissions';
import { isClientRole, type Role } from './roles';
import type { WebAccess, WebAccessKey } from './webAccess';
import { webAccessLabel } from './webAccess';

/**
 * One place for access (DECISIONS 3 and 4): every route of the signed-in shell names the
 * registry permission that opens it. The side navigation, the web route guard and the server
 * (which requires the same permission for the calls behind the screen) all read it, so a menu
 * item and the route behind it cannot disagree. Pure functions, unit-tested over every role.
 */
export interface NavItem {
  key: string;
  label: string;
  path: string;
  disabled?: boolean;
}

export type NavGroupKey = 'operations' | 'resources' | 'technicalLibrary' | 'settings' | 'admin';

export interface NavGroup {
  key: NavGroupKey;
  label: string;
  items: NavItem[];
}

export interface NavigationInput {
  role: Role;
  features: Features;
  assetView: boolean;
  webAccess?: WebAccess | null;
  /** The caller's namespace is the platform operator's (DECISIONS 10). */
  operator?: boolean;
}

/** The side navigation's groups, in order. */
export const NAV_GROUPS: readonly { key: NavGroupKey; label: string }[] = [
  { key: 'operations', label: 'Operations' },
  { key: 'resources', label: 'Resources' },
  { key: 'technicalLibrary', label: 'Technical Library' },
  { key: 'settings', label: 'Settings' },
  { key: 'admin', label: 'Admin' },
];

export interface RouteEntry {
  path: string;
  /** The breadcrumb title (and the menu label unless the web-access configuration renames it). */
  title: string;
  /** Who may open it; the server requires the same permission for the calls in `calls`. */
  permission: Permission;
  /** Its side-navigation group, also its breadcrumb. */
  group?: NavGroupKey;
  /** false: opened by a link elsewhere, never listed in the side navigation. */
  menu?: false;
  /** Only with this per-namespace feature switch on. */
  feature?: keyof Features;
  /**
   * 'required': only with asset view on. 'offForClientRoles': a client role with asset view
   * sees Assets in its place (the spec's "Assets or Clients" for CLIENT-ADMIN).
   */
  assetView?: 'required' | 'offForClientRoles';
  /** The web-access configuration entry whose name overrides the label. */
  webAccessName?: WebAccessKey;
  /** Only in the platform operator's namespace (DECISIONS 10: Customer Registration). */
  operatorOnly?: true;
  /** Listed but disabled: the screen comes with a later release (its breadcrumb only). */
  disabled?: true;
  /**
   * The API calls that load the screen's list (`METHOD /api/path?query`), each of which the
   * server guards with `permission` (checked by server/test/permissions.test.ts).
   */
  calls?: readonly string[];
}

/** Every route of the authenticated shell; within a group, in menu order. */
const ROUTE_TABLE = {
  home: { path: '/', title: 'Home', permission: 'dashboard.read' },
  // Operations
  jobs: {
    path: '/operations/jobs',
    title: 'Jobs',
    permission: 'jobs.read',
    group: 'operations',
    feature: 'jobs',
    calls: ['GET /api/Schedule?offset=0&limit=500', 'GET /api/Schedule/count'],
  },
  jobLites: {
    path: '/operations/joblites',
    title: 'Job Lite',
    permission: 'jobs.read',
    group: 'operations',
    feature: 'jobLite',
    calls: ['GET /api/Schedule?offset=0&limit=250', 'GET /api/Schedule/count'],
  },
  tasks: { path: '/operations/tasks', title: 'Tasks', permission: 'tasks.read', group: 'operations' },
  reports: {
    path: '/operations/reports',
    title: 'Reports',
    permission: 'reports.read',
    group: 'operations',
    calls: ['GET /api/Reports?offset=0&limit=200', 'GET /api/Reports/count', 'GET /api/Reports/export'],
  },
  // Resources
  clients: {
    path: '/resources/clients',
    title: 'Clients',
    permission: 'clients.read',
    group: 'resources',
    assetView: 'offForClientRoles',
    calls: ['GET /api/Location/view?objectType=CLIENT_COMPANY', 'GET /api/Location/view/count?objectType=CLIENT_COMPANY'],
  },
  assets: {
    path: '/resources/assets',
    title: 'Assets',
    permission: 'assets.read',
    group: 'resources',
    assetView: 'required',
    webAccessName: 'ASSET',
  },
  llg: { path: '/resources/llg', title: 'Loose Gear', permission: 'llg.read', group: 'resources', webAccessName: 'LOOSEGEAR' },
  assessment: {
    path: '/resources/assessment',
    title: 'Assessment',
    permission: 'assessments.read',
    group: 'resources',
    webAccessName: 'ASSESSMENT',
  },
  users: {
    path: '/resources/users',
    title: 'Users',
    permission: 'users.read',
    group: 'resources',
    calls: ['GET /api/Users', 'GET /api/Users/count'],
  },
  qrSticker: {
    path: '/resources/qrsticker',
    title: 'QR Sticker',
    permission: 'qrStickers.create',
    group: 'resources',
    feature: 'qrSticker',
    assetView: 'required',
  },
  // Technical Library
  productTechInfo: {
    path: '/resources/library/technical',
    title: 'Product Technical Information',
    permission: 'library.read',
    group: 'technicalLibrary',
    feature: 'technicalLibrary',
    calls: ['GET /api/document/getEntityByClientAndSiteId?name=technical'],
  },
  trialFitPicLibrary: {
    path: '/resources/library/pictorial',
    title: 'Pictorial Library',
    permission: 'library.read',
    group: 'technicalLibrary',
    feature: 'technicalLibrary',
  },
  reportLibrary: {
    path: '/resources/library/report',
    title: 'Reports',
    permission: 'library.read',
    group: 'technicalLibrary',
    feature: 'technicalLibrary',
  },
  clientInventory: {
    path: '/resources/clientInventory',
    title: 'Client Inventory',
    permission: 'inventory.read',
    group: 'technicalLibrary',
    feature: 'technicalLibrary',
  },
  // Settings
  forms: {
    path: '/settings/forms',
    title: 'Data Forms',
    permission: 'dataForms.read',
    group: 'settings',
    calls: ['GET /api/Setting?tenantId=2&objectType=Form'],
  },
  assetTypes: {
    path: '/settings/assettypes',
    title: 'Asset Types',
    permission: 'assetTypes.read',
    group: 'settings',
    calls: ['GET /api/Setting?objectType=AssetType'],
  },
  taskTypes: {
    path: '/settings/tasktypes',
    title: 'Task Types',
    permission: 'taskTypes.read',
    group: 'settings',
    calls: ['GET /api/Setting?objectType=TaskType'],
  },
  configData: {
    path: '/settings/configdata',
    title: 'Configurations',
    permission: 'configurations.read',
    group: 'settings',
    calls: ['GET /api/Setting?tenantId=2&objectType=Config'],
  },
  category: { path: '/settings/category', title: 'Category', permission: 'settings.read', group: 'settings', disabled: true },
  templates: { path: '/settings/templates', title: 'Templates', permission: 'settings.read', group: 'settings', disabled: true },
  states: { path: '/settings/states', title: 'States', permission: 'settings.read', group: 'settings', disabled: true },
  // Admin
  customerRegistration: {
    path: '/admin/customerRegistration',
    title: 'Customer Registration',
    permission: 'customers.read',
    group: 'admin',
    operatorOnly: true,
    calls: ['GET /api/CustomerRegistration', 'GET /api/CustomerRegistration/count'],
  },
  roles: {
    path: '/settings/roles',
    title: 'Roles',
    permission: 'roles.read',
    group: 'admin',
    calls: ['GET /api/Setting/Namespace?objectType=ROLE'],
  },
  division: {
    path: '/settings/division',
    title: 'Division',
    permission: 'divisions.read',
    group: 'admin',
    calls: ['GET /api/Setting?objectType=Division'],
  },
  loOffice: {
    path: '/admin/loOffice',
    title: 'LO Office',
    permission: 'offices.read',
    group: 'admin',
    calls: ['GET /api/Location/view/loOffice?objectType=LO_OFFICE'],
  },
  sequenceNumber: {
    path: '/admin/sequenceNumber',
    title: 'Sequence Numbering',
    permission: 'sequences.read',
    group: 'admin',
    calls: ['GET /api/sequence'],
  },
  // Outside the side navigation
  loCompany: { path: '/admin/loCompany', title: 'LO Company', permission: 'offices.read', group: 'admin', menu: false },
  profile: {
    path: '/profile',
    title: 'My profile',
    permission: 'profile.self',
    menu: false,
    calls: ['GET /api/profile', 'GET /api/profile/reminders'],
  },
  sortableTree: { path: '/sortabletree', title: 'Sortable Tree', permission: 'session.read', menu: false },
  taskDetails: { path: '/operations/tasks/:id', title: 'Task Details', permission: 'tasks.open', group: 'operations', menu: false },
  // The areas made with npm run new:area (areas.ts); one with a key listed above takes its place.
  ...AREA_ROUTES,
} as const satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof ROUTE_TABLE;
export const ROUTES: Readonly<Record<RouteKey, RouteEntry>> = ROUTE_TABLE;
export const ROUTE_KEYS = Object.keys(ROUTE_TABLE) as RouteKey[];

/** Whether the route exists for this user at all: its permission, feature switch and asset-view rule. */
export function canOpenRoute(key: RouteKey, { role, features, assetView, operator }: NavigationInput): boolean {
  const route = ROUTES[key];
  if (!can(role, route.permission)) return false;
  if (route.operatorOnly && !operator) return false;
  if (route.feature && !features[route.feature]) return false;
  if (route.assetView === 'required' && !assetView) return false;
  if (route.assetView === 'offForClientRoles' && assetView && isClientRole(role)) return false;
  return true;
}

const groupLabel = (key: NavGroupKey | undefined) => NAV_GROUPS.find((g) => g.key === key)?.label;

function labelOf(key: RouteKey, webAccess: WebAccess | null | undefined): string {
  const route = ROUTES[key];
  return route.webAccessName ? webAccessLabel(webAccess, route.webAccessName, route.title) : route.title;
}

/** Side navigation by role (shell document section 2 "Side navigation"): the routes the user may open, by group. */
export function buildNavigation(input: NavigationInput): NavGroup[] {
  return NAV_GROUPS.map(({ key, label }) => ({
    key,
    label,
    items: ROUTE_KEYS.filter((k) => ROUTES[k].group === key && ROUTES[k].menu !== false && canOpenRoute(k, input)).map((k) => ({
      key: k,
      label: labelOf(k, input.webAccess),
      path: ROUTES[k].path,
      ...(ROUTES[k].disabled ? { disabled: true } : {}),
    })),
  })).filter((group) => group.items.length > 0);
}

export interface RouteAccess {
  /** The route guard: false shows the refusal page (the server refuses the calls too). */
  allowed: boolean;
  /** The title shown on the page (the menu label). */
  label: string;
  /** The breadcrumb before the title: the route's group. */
  crumbs: { label: string }[];
}

/** What the web route guard decides for a route: the same rule the side navigation applies. */
export function routeAccess(key: RouteKey, input: NavigationInput): RouteAccess {
  const group = groupLabel(ROUTES[key].group);
  return { allowed: canOpenRoute(key, input), label: labelOf(key, input.webAccess), crumbs: group ? [{ label: group }] : [] };
}

/** Paths a role may open from the navigation: the home page plus every enabled navigation item. */
export function allowedPaths(input: NavigationInput): string[] {
  const paths = buildNavigation(input).flatMap((g) => g.items.filter((i) => !i.disabled).map((i) => i.path));
  return ['/', ...paths];
}
