import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, type Features } from './features';
import { allowedPaths, buildNavigation, type NavigationInput, ROUTE_KEYS, ROUTES, routeAccess } from './navigation';
import { can, isPermission } from './permissions';
import { isClientRole, ROLES, type Role } from './roles';

const ALL_ON: Features = { jobs: true, jobLite: true, technicalLibrary: true, qrSticker: true };
/** By default a user of the operator namespace (DECISIONS 10), where Customer Registration is listed. */
const labels = (role: Role, options: { features?: Features; assetView?: boolean; operator?: boolean } = {}) =>
  Object.fromEntries(
    buildNavigation({
      role,
      features: options.features ?? DEFAULT_FEATURES,
      assetView: options.assetView ?? false,
      operator: options.operator ?? true,
    }).map((g) => [g.label, g.items.map((i) => i.label)]),
  );

const RESOURCES = ['Clients', 'Loose Gear', 'Assessment', 'Users'];
const OPERATIONS = ['Jobs', 'Tasks', 'Reports'];

/** Shell document 2 "Side navigation", DECISIONS 3 and 4, with default switches and no asset view. */
const EXPECTED: Record<Role, Record<string, string[]>> = {
  MASTER_ADMIN: {
    Operations: OPERATIONS,
    Resources: RESOURCES,
    Admin: ['Customer Registration', 'Roles', 'Division', 'LO Office', 'Sequence Numbering'],
  },
  CONFIG_ADMIN: {
    Operations: OPERATIONS,
    Resources: RESOURCES,
    Settings: ['Data Forms', 'Asset Types', 'Task Types', 'Configurations', 'Category', 'Templates', 'States'],
    // DECISIONS 4: Customer Registration across namespaces is MASTER_ADMIN's only.
    Admin: ['Roles', 'Division', 'LO Office', 'Sequence Numbering'],
  },
  'LO-ADMIN': {
    Operations: OPERATIONS,
    Resources: RESOURCES,
    Settings: ['Data Forms', 'Asset Types', 'Task Types', 'Configurations', 'Category', 'Templates', 'States'],
  },
  SCHEDULER: { Operations: OPERATIONS, Resources: RESOURCES },
  APPROVER: { Operations: OPERATIONS, Resources: RESOURCES },
  'APPROVER-ONLY': { Operations: ['Tasks', 'Reports'], Resources: RESOURCES },
  'FIELD-ENGG': { Operations: ['Jobs', 'Tasks'], Resources: RESOURCES },
  'FIELD-JUNIOR': { Operations: OPERATIONS, Resources: RESOURCES },
  CORPORATE: {},
  'SALES-PERSON': { Operations: OPERATIONS, Resources: RESOURCES },
  'CLIENT-ADMIN': { Operations: ['Tasks', 'Reports'], Resources: ['Clients', 'Loose Gear', 'Assessment', 'Users'] },
  'CLIENT-USER': { Operations: ['Tasks', 'Reports'], Resources: ['Loose Gear', 'Assessment'] },
  'SITE-USER': { Operations: ['Tasks', 'Reports'], Resources: ['Loose Gear', 'Assessment'] },
  REQUESTER: { Operations: ['Tasks', 'Reports'], Resources: ['Loose Gear', 'Assessment'] },
};

describe('buildNavigation', () => {
  it.each(ROLES)('gives %s the groups of the spec', (role) => {
    expect(labels(role)).toEqual(EXPECTED[role]);
  });

  it('adds Assets where asset view is on: after Clients by default, instead of Clients for CLIENT-ADMIN', () => {
    expect(labels('SCHEDULER', { assetView: true }).Resources).toEqual(['Clients', 'Assets', 'Loose Gear', 'Assessment', 'Users']);
    expect(labels('CLIENT-ADMIN', { assetView: true }).Resources).toEqual(['Assets', 'Loose Gear', 'Assessment', 'Users']);
    expect(labels('SITE-USER', { assetView: true }).Resources).toEqual(['Assets', 'Loose Gear', 'Assessment']);
  });

  it('adds QR Sticker only with its switch and asset view', () => {
    expect(labels('SCHEDULER', { features: ALL_ON, assetView: false }).Resources).not.toContain('QR Sticker');
    expect(labels('SCHEDULER', { features: ALL_ON, assetView: true }).Resources).toContain('QR Sticker');
    expect(labels('CLIENT-USER', { features: ALL_ON, assetView: true }).Resources).not.toContain('QR Sticker');
  });

  it('shows Jobs, Job Lite or both from the switches; FIELD-ENGG keeps its two items', () => {
    expect(labels('SCHEDULER', { features: ALL_ON }).Operations).toEqual(['Jobs', 'Job Lite', 'Tasks', 'Reports']);
    const pilot = { ...DEFAULT_FEATURES, jobs: false, jobLite: true };
    expect(labels('SCHEDULER', { features: pilot }).Operations).toEqual(['Job Lite', 'Tasks', 'Reports']);
    expect(labels('FIELD-ENGG', { features: pilot }).Operations).toEqual(['Job Lite', 'Tasks']);
  });

  it('shows the Technical Library group to every role only with its switch', () => {
    for (const role of ROLES) {
      expect(labels(role, { features: ALL_ON })['Technical Library']).toEqual([
        'Product Technical Information',
        'Pictorial Library',
        'Reports',
        'Client Inventory',
      ]);
      expect(labels(role)['Technical Library']).toBeUndefined();
    }
  });

  it("lists Customer Registration only for the operator namespace's MASTER_ADMIN (DECISIONS 10)", () => {
    expect(labels('MASTER_ADMIN', { operator: false }).Admin).toEqual(['Roles', 'Division', 'LO Office', 'Sequence Numbering']);
    expect(labels('MASTER_ADMIN', { operator: true }).Admin).toContain('Customer Registration');
    expect(routeAccess('customerRegistration', { role: 'MASTER_ADMIN', features: DEFAULT_FEATURES, assetView: false }).allowed).toBe(false);
  });

  it('takes the Assets, Loose Gear and Assessment labels from the web-access configuration', () => {
    const nav = buildNavigation({
      role: 'SCHEDULER',
      features: DEFAULT_FEATURES,
      assetView: true,
      webAccess: { ASSET: { name: 'Equipment' }, LOOSEGEAR: { name: 'Lifting Gear' }, ASSESSMENT: { name: ' ' } },
    });
    expect(nav.find((g) => g.key === 'resources')?.items.map((i) => i.label)).toEqual([
      'Clients',
      'Equipment',
      'Lifting Gear',
      'Assessment',
      'Users',
    ]);
  });

  it('marks Category, Templates and States disabled and leaves them out of the openable paths', () => {
    const settings = buildNavigation({ role: 'LO-ADMIN', features: DEFAULT_FEATURES, assetView: true }).find((g) => g.key === 'settings');
    expect(settings?.items.filter((i) => i.disabled).map((i) => i.label)).toEqual(['Category', 'Templates', 'States']);
    const paths = allowedPaths({ role: 'LO-ADMIN', features: DEFAULT_FEATURES, assetView: true });
    expect(paths).toContain('/settings/forms');
    expect(paths).not.toContain('/settings/category');
    expect(paths[0]).toBe('/');
  });
});

/** Every combination of the four feature switches, asset view and the operator namespace. */
const SITUATIONS: Omit<NavigationInput, 'role'>[] = Array.from({ length: 64 }, (_, bits) => ({
  features: { jobs: (bits & 1) > 0, jobLite: (bits & 2) > 0, technicalLibrary: (bits & 4) > 0, qrSticker: (bits & 8) > 0 },
  assetView: (bits & 16) > 0,
  operator: (bits & 32) > 0,
}));

describe('one place for access', () => {
  it('names a registry permission for every route', () => {
    for (const key of ROUTE_KEYS) expect(isPermission(ROUTES[key].permission), key).toBe(true);
  });

  it.each(ROLES)('for %s, the menu lists a route iff the route guard opens it iff can() holds its permission', (role) => {
    const disagreements: string[] = [];
    for (const situation of SITUATIONS) {
      const input = { role, ...situation };
      const listed = new Set(buildNavigation(input).flatMap((g) => g.items.map((i) => i.key)));
      for (const key of ROUTE_KEYS) {
        const route = ROUTES[key];
        // Besides the permission, only the switches the entry declares decide.
        const switchedOn =
          (!route.feature || situation.features[route.feature]) &&
          (route.assetView !== 'required' || situation.assetView) &&
          (route.assetView !== 'offForClientRoles' || !situation.assetView || !isClientRole(role)) &&
          (!route.operatorOnly || situation.operator === true);
        const expected = can(role, route.permission) && switchedOn;
        const inMenu = route.group !== undefined && route.menu !== false;
        const where = `${key} (${JSON.stringify(situation)})`;
        if (routeAccess(key, input).allowed !== expected) disagreements.push(`guard ${where}`);
        if (listed.has(key) !== (inMenu && expected)) disagreements.push(`menu ${where}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('gives a route opened from the menu the menu label and group as title and breadcrumb', () => {
    const input = {
      role: 'SCHEDULER' as const,
      features: DEFAULT_FEATURES,
      assetView: true,
      webAccess: { ASSET: { name: 'Equipment' } },
    };
    for (const group of buildNavigation(input)) {
      for (const item of group.items) {
        const access = routeAccess(item.key as keyof typeof ROUTES, input);
        expect(access).toEqual({ allowed: true, label: item.label, crumbs: [{ label: group.label }] });
      }
    }
    expect(routeAccess('loCompany', { ...input, role: 'CONFIG_ADMIN' })).toEqual({
      allowed: true,
      label: 'LO Company',
      crumbs: [{ label: 'Admin' }],
    });
    expect(routeAccess('loCompany', input).allowed).toBe(false);
  });

  it('keeps CLIENT-ADMIN out of Clients while asset view gives it Assets instead', () => {
    const input = { role: 'CLIENT-ADMIN' as const, features: DEFAULT_FEATURES };
    expect(routeAccess('clients', { ...input, assetView: false }).allowed).toBe(true);
    expect(routeAccess('clients', { ...input, assetView: true }).allowed).toBe(false);
    expect(routeAccess('assets', { ...input, assetView: true }).allowed).toBe(true);
    expect(routeAccess('clients', { role: 'SCHEDULER', features: DEFAULT_FEATURES, assetView: true }).allowed).toBe(true);
  });
});
