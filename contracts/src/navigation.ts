import type { Features } from './features';
import { isClientRole, type Role } from './roles';
import type { WebAccess } from './webAccess';
import { webAccessLabel } from './webAccess';

/**
 * Side navigation by role (shell document section 2 "Side navigation", DECISIONS 3 and 4).
 * A pure function, unit-tested over every role, used by the web layout.
 */
export interface NavItem {
  key: string;
  label: string;
  path: string;
  disabled?: boolean;
}

export interface NavGroup {
  key: 'operations' | 'resources' | 'technicalLibrary' | 'settings' | 'admin';
  label: string;
  items: NavItem[];
}

export interface NavigationInput {
  role: Role;
  features: Features;
  assetView: boolean;
  webAccess?: WebAccess | null;
}

/** Every route of the authenticated shell with its breadcrumb title. */
export const ROUTES = {
  home: { path: '/', title: 'Home' },
  customerRegistration: { path: '/admin/customerRegistration', title: 'Customer Registration' },
  loCompany: { path: '/admin/loCompany', title: 'LO Company' },
  loOffice: { path: '/admin/loOffice', title: 'LO Office' },
  sequenceNumber: { path: '/admin/sequenceNumber', title: 'Sequence Numbering' },
  users: { path: '/resources/users', title: 'Users' },
  qrSticker: { path: '/resources/qrsticker', title: 'QR Sticker' },
  clients: { path: '/resources/clients', title: 'Clients' },
  assets: { path: '/resources/assets', title: 'Assets' },
  llg: { path: '/resources/llg', title: 'Loose Gear' },
  assessment: { path: '/resources/assessment', title: 'Assessment' },
  clientInventory: { path: '/resources/clientInventory', title: 'Client Inventory' },
  forms: { path: '/settings/forms', title: 'Data Forms' },
  assetTypes: { path: '/settings/assettypes', title: 'Asset Types' },
  taskTypes: { path: '/settings/tasktypes', title: 'Task Types' },
  configData: { path: '/settings/configdata', title: 'Configurations' },
  roles: { path: '/settings/roles', title: 'Roles' },
  division: { path: '/settings/division', title: 'Division' },
  category: { path: '/settings/category', title: 'Category' },
  templates: { path: '/settings/templates', title: 'Templates' },
  states: { path: '/settings/states', title: 'States' },
  jobLites: { path: '/operations/joblites', title: 'Job Lite' },
  jobs: { path: '/operations/jobs', title: 'Jobs' },
  tasks: { path: '/operations/tasks', title: 'Tasks' },
  reports: { path: '/operations/reports', title: 'Reports' },
  productTechInfo: { path: '/technicalLibrary/productTechInfo', title: 'Product Technical Information' },
  trialFitPicLibrary: { path: '/technicalLibrary/trialFitPicLibrary', title: 'Pictorial Library' },
  reportLibrary: { path: '/technicalLibrary/reportLibrary', title: 'Reports' },
  sortableTree: { path: '/sortabletree', title: 'Sortable Tree' },
} as const;

export type RouteKey = keyof typeof ROUTES;

const item = (key: RouteKey, label?: string, disabled?: boolean): NavItem => ({
  key,
  label: label ?? ROUTES[key].title,
  path: ROUTES[key].path,
  ...(disabled ? { disabled: true } : {}),
});

function jobItems(features: Features): NavItem[] {
  const items: NavItem[] = [];
  if (features.jobs) items.push(item('jobs'));
  if (features.jobLite) items.push(item('jobLites'));
  return items;
}

function operations({ role, features }: NavigationInput): NavItem[] {
  if (role === 'CORPORATE') return [];
  if (role === 'FIELD-ENGG') return [...jobItems(features), item('tasks')];
  if (role === 'APPROVER-ONLY' || isClientRole(role)) return [item('tasks'), item('reports')];
  return [...jobItems(features), item('tasks'), item('reports')];
}

function resources({ role, features, assetView, webAccess }: NavigationInput): NavItem[] {
  if (role === 'CORPORATE') return [];
  const assets = item('assets', webAccessLabel(webAccess, 'ASSET', ROUTES.assets.title));
  const llg = item('llg', webAccessLabel(webAccess, 'LOOSEGEAR', ROUTES.llg.title));
  const assessment = item('assessment', webAccessLabel(webAccess, 'ASSESSMENT', ROUTES.assessment.title));
  if (role === 'CLIENT-USER' || role === 'SITE-USER' || role === 'REQUESTER') {
    return [...(assetView ? [assets] : []), llg, assessment];
  }
  if (role === 'CLIENT-ADMIN') {
    return [assetView ? assets : item('clients'), llg, assessment, item('users')];
  }
  const list = [item('clients'), ...(assetView ? [assets] : []), llg, assessment, item('users')];
  if (features.qrSticker && assetView) list.push(item('qrSticker'));
  return list;
}

function technicalLibrary({ features }: NavigationInput): NavItem[] {
  if (!features.technicalLibrary) return [];
  return [item('productTechInfo'), item('trialFitPicLibrary'), item('reportLibrary'), item('clientInventory')];
}

function settings({ role }: NavigationInput): NavItem[] {
  if (role !== 'LO-ADMIN' && role !== 'CONFIG_ADMIN') return [];
  return [
    item('forms'),
    item('assetTypes'),
    item('taskTypes'),
    item('configData'),
    item('category', undefined, true),
    item('templates', undefined, true),
    item('states', undefined, true),
  ];
}

function admin({ role }: NavigationInput): NavItem[] {
  if (role !== 'MASTER_ADMIN' && role !== 'CONFIG_ADMIN') return [];
  return [item('customerRegistration'), item('roles'), item('division'), item('loOffice'), item('sequenceNumber')];
}

export function buildNavigation(input: NavigationInput): NavGroup[] {
  const groups: NavGroup[] = [
    { key: 'operations', label: 'Operations', items: operations(input) },
    { key: 'resources', label: 'Resources', items: resources(input) },
    { key: 'technicalLibrary', label: 'Technical Library', items: technicalLibrary(input) },
    { key: 'settings', label: 'Settings', items: settings(input) },
    { key: 'admin', label: 'Admin', items: admin(input) },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/** Paths a role may open: the home page plus every enabled navigation item. */
export function allowedPaths(input: NavigationInput): string[] {
  const paths = buildNavigation(input).flatMap((g) => g.items.filter((i) => !i.disabled).map((i) => i.path));
  return ['/', ...paths];
}
