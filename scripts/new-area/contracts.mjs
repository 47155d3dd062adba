// The area's own contracts/src/<area>/area.ts: its permissions and its route, which
// contracts/src/areas.ts joins to the permission registry and the routes.

/** The role groups of contracts/src/roleGroups.ts, imported by name when a role list uses them. */
const ROLE_GROUPS = ['ALL', 'ALL_CLIENT', 'ALL_LO', 'JOB_READERS', 'PLATFORM_ADMINS', 'RESOURCE_LO', 'SETTINGS_ADMINS', 'without'];

export function contractsAreaTemplate(a, { permissions, routeEntry, operational }) {
  const roles = Object.values(permissions).join(' ');
  const groups = ROLE_GROUPS.filter((group) => new RegExp(`\\b${group}\\b`).test(roles));
  const lines = Object.entries(permissions)
    .map(([permission, list]) => `  '${permission}': ${list},`)
    .join('\n');
  return {
    path: `contracts/src/${a.camel}/area.ts`,
    content: `${groups.length > 0 ? `import { ${groups.join(', ')} } from '../roleGroups';\n` : ''}import type { Role } from '../roles';

/**
 * The permissions of ${a.title} (replace the roles with the spec's). contracts/src/areas.ts adds
 * them to the registry (permissions.ts): server routes, policies and the web name them like any other.
 */
export const ${a.upper}_PERMISSIONS = {
${lines}
} as const satisfies Record<string, readonly Role[]>;

/**
 * The route of ${a.title}${operational ? ' (Operations group)' : ''}, with the calls that load its list
 * (server/test/permissions.test.ts checks they need its permission; navigation.ts checks the
 * entry against RouteEntry). A new route's \`menu: false\` keeps it out of the side navigation
 * until it is placed in the spec's menu: then remove it and list it in navigation.test.ts.
 */
export const ${a.upper}_ROUTES = {
${routeEntry}} as const;
`,
  };
}
