import { AREA_PERMISSIONS } from './areas';
import { ALL, ALL_CLIENT, ALL_LO, JOB_READERS, PLATFORM_ADMINS, RESOURCE_LO, SETTINGS_ADMINS, without } from './roleGroups';
import type { Role } from './roles';

/**
 * One permission registry, `resource.action`, shared by server and web (DECISIONS section 4).
 * The server refuses to start if a route declares no permission; the web hides and disables
 * from the same map, so a menu item and the route behind it cannot disagree. The role groups
 * are in roleGroups.ts (also used by the areas' own `area.ts`).
 */
export const PERMISSION_ROLES = {
  // Shell
  'session.read': ALL,
  'dashboard.read': ALL,
  /** The home dashboard's Compliance overview (issue 23, ours): who reads asset data; the tab's view rules narrow it further. */
  'compliance.read': without(ALL, 'CORPORATE'),
  'files.read': ALL,
  /** My profile: one's own qualifications and signature (DECISIONS 9: the signatories). */
  'profile.self': ALL,
  // Users (Resources > Users)
  'users.read': [...RESOURCE_LO, 'CLIENT-ADMIN'],
  'users.write': ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'CLIENT-ADMIN'],
  'users.options': [...ALL_LO, 'CLIENT-ADMIN'],
  /** A user's Description, External Id and Signature, and LO users: hidden from CLIENT-ADMIN (shell document 6). */
  'users.officeFields': RESOURCE_LO,
  /** Holders keep a namespace administrable: its last active one cannot be disabled or removed. */
  'namespace.administer': PLATFORM_ADMINS,
  'users.createRequester': ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'FIELD-ENGG'],
  // Clients, sites and locations (Resources > Clients)
  'locations.read': ALL,
  'clients.read': [...RESOURCE_LO, 'CLIENT-ADMIN'],
  'clients.create': without(RESOURCE_LO, 'SALES-PERSON'),
  'clients.update': without(RESOURCE_LO, 'FIELD-ENGG', 'FIELD-JUNIOR', 'APPROVER-ONLY'),
  /** The expand icon to a client's Locations list: the Action column's roles, plus CLIENT-ADMIN (read only). */
  'clients.locations': [...without(RESOURCE_LO, 'FIELD-ENGG', 'FIELD-JUNIOR', 'APPROVER-ONLY'), 'CLIENT-ADMIN'],
  'clients.logo': ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER'],
  // Admin screens
  'offices.read': PLATFORM_ADMINS,
  'offices.write': PLATFORM_ADMINS,
  'divisions.read': PLATFORM_ADMINS,
  'divisions.write': PLATFORM_ADMINS,
  'divisions.options': ALL,
  'roles.read': PLATFORM_ADMINS,
  'roles.write': PLATFORM_ADMINS,
  'roles.options': [...ALL_LO, 'CLIENT-ADMIN'],
  'roles.licences': ['CONFIG_ADMIN'],
  'sequences.read': PLATFORM_ADMINS,
  'sequences.write': PLATFORM_ADMINS,
  /**
   * Customer Registration across namespaces (DECISIONS 4 and 10): MASTER_ADMIN, and the server
   * also requires the operator namespace (a role check alone is not enough).
   */
  'customers.read': ['MASTER_ADMIN'],
  'customers.write': ['MASTER_ADMIN'],
  /** The API reference (/api/docs) and its OpenAPI document (/api/openapi.json): the administrators. */
  'api.docs': [...PLATFORM_ADMINS, 'LO-ADMIN'],
  // Settings screens
  'settings.read': SETTINGS_ADMINS,
  'settings.write': SETTINGS_ADMINS,
  'configuration.local': ['LO-ADMIN'],
  /** Settings > Configuration: the namespace's configuration documents. */
  'configurations.read': SETTINGS_ADMINS,
  'configurations.write': SETTINGS_ADMINS,
  // Operations
  'jobs.read': JOB_READERS,
  'jobs.create': ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'FIELD-ENGG'],
  'jobs.update': without(JOB_READERS, 'SALES-PERSON'),
  /** Close a day job: "SCHEDULER and one other role" (DECISIONS 4). */
  'jobs.close': ['SCHEDULER', 'FIELD-ENGG'],
  /**
   * Cancel a job: cancelling a job cancels its open tasks, so the roles of the task Cancel
   * (DECISIONS 4: SCHEDULER, LO-ADMIN) and no other (issue 20).
   */
  'jobs.cancel': ['SCHEDULER', 'LO-ADMIN'],
  /** Change the PO Number and the inspectors of an existing job: "FIELD-ENGG alone" (shell document 6). */
  'jobs.editInspectors': ['FIELD-ENGG'],
  /** Add tasks to any job; the other job editors (FIELD-ENGG, FIELD-JUNIOR) only to day jobs (DECISIONS 4). */
  'jobs.tasksAnyJob': without(JOB_READERS, 'SALES-PERSON', 'FIELD-ENGG', 'FIELD-JUNIOR'),
  /** May be picked as a job's main or other inspector (shell document 5). */
  'jobs.beInspector': ['FIELD-ENGG', 'FIELD-JUNIOR'],
  'tasks.read': without(ALL, 'CORPORATE'),
  'tasks.open': without(ALL_LO, 'CORPORATE', 'SALES-PERSON'),
  'tasks.inspect': ['APPROVER', 'FIELD-ENGG'],
  /** The task list opens on 'My tasks' (tasks whose inspector is the user, DECISIONS 9), with a switch to all. */
  'tasks.mine': ['FIELD-ENGG', 'FIELD-JUNIOR'],
  'tasks.submit': ['FIELD-ENGG', 'APPROVER'],
  'tasks.hold': ['SCHEDULER', 'APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'],
  'tasks.reopen': ['APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'],
  'tasks.amend': ['SCHEDULER', 'APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'],
  'tasks.approve': ['APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'],
  'tasks.cancel': ['SCHEDULER', 'LO-ADMIN'],
  /** JOB DETAILS of a submitted task (site, vendors, actual inspection date): the office roles that also amend. */
  'tasks.jobDetails': ['SCHEDULER', 'APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'],
  /** The task detail view's action buttons: FIELD-ENGG has them all disabled and acts from INSPECT (spec "Role effects"). */
  'tasks.detailActions': without(ALL, 'CORPORATE', 'FIELD-ENGG'),
  /** ATTACH ASSET: who schedules jobs (they pick assets) and who inspects or approves the task (ours, docs/decisions.md). */
  'tasks.attachAsset': ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'FIELD-ENGG', 'APPROVER', 'APPROVER-ONLY'],
  'reports.read': without(ALL, 'CORPORATE', 'FIELD-ENGG'),
  // Resources
  'assets.read': without(ALL, 'CORPORATE'),
  'assets.create': without(ALL, 'CORPORATE', 'SITE-USER', 'REQUESTER'),
  'assets.update': without(ALL, 'CORPORATE', 'CLIENT-USER', 'SITE-USER'),
  /** The asset panel's Description and Attributes tabs: "always for SCHEDULER", others by a web-access rule (tasks document 2.6). */
  'assets.seeDescription': ['SCHEDULER'],
  /** Asset view (the Assets menu) without a web-access rule: "one admin role" (DECISIONS 4). */
  'assets.viewAlways': ['LO-ADMIN'],
  'assets.seeAttributes': ['SCHEDULER'],
  'llg.read': without(ALL, 'CORPORATE'),
  /** CHILDREN's 'Add New Task' and the delete icon: FIELD-ENGG (tasks document 2.3, 6). */
  'llg.addChild': ['FIELD-ENGG'],
  /** RECORDS: remove (64) or reopen (2) a child record: APPROVER and APPROVER-ONLY (tasks document 4). */
  'llg.removeChild': ['APPROVER', 'APPROVER-ONLY'],
  'assessments.read': without(ALL, 'CORPORATE'),
  'qrStickers.create': RESOURCE_LO,
  // Technical library and client inventory
  'library.read': ALL,
  'library.write': ALL_LO,
  'inventory.read': ALL,
  'inventory.write': [...ALL_LO, ...ALL_CLIENT.filter((r) => r === 'CLIENT-ADMIN')],
  'taskTypes.read': SETTINGS_ADMINS,
  'taskTypes.write': SETTINGS_ADMINS,
  'taskTypes.options': ALL_LO,
  'assetTypes.read': SETTINGS_ADMINS,
  'assetTypes.write': SETTINGS_ADMINS,
  'assetTypes.options': ALL,
  // Data forms: the Settings screen (read, write); a form's definition to fill it in or preview it
  'dataForms.read': SETTINGS_ADMINS,
  'dataForms.write': SETTINGS_ADMINS,
  'dataForms.definition': ALL,
  // The areas made with npm run new:area (areas.ts)
  ...AREA_PERMISSIONS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSION_ROLES;
export const PERMISSIONS = Object.keys(PERMISSION_ROLES) as Permission[];

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSION_ROLES[permission] as readonly Role[]).includes(role);
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSION_ROLES, value);
}

/** Roles that may hold a given permission, for documentation and tests. */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSION_ROLES[permission];
}
