import type { Role } from './roles';
// npm run new:area adds each area's import above this line.

/**
 * The areas made with `npm run new:area` (scripts/new-area.mjs): the one contracts file the
 * scaffold edits. Each area declares its permissions and its route in its own folder's
 * `area.ts`; they join the permission registry (`PERMISSION_ROLES`) and the routes (`ROUTES`)
 * from here, so neither file names the area. The area's schemas, texts and policy are imported
 * from their own modules (`@portal/contracts/<area>/schemas`...), not re-exported by index.ts.
 * An area's route with the key of a route already listed in navigation.ts takes its place
 * (and keeps its place in the menu). navigation.ts checks the routes against `RouteEntry`
 * (importing it here would make a cycle).
 */
export const AREA_PERMISSIONS = {
  // npm run new:area adds each area's permissions above this line.
} as const satisfies Record<string, readonly Role[]>;

export const AREA_ROUTES = {
  // npm run new:area adds each area's routes above this line.
} as const;
