import type { FastifyInstance } from 'fastify';
import type { SettingType } from './settings';
// npm run new:area adds each area's import above this line.

/**
 * What an area made with `npm run new:area` hands the app, from its feature's index.ts: its
 * routes (an operational area) or its settings object types (a settings area).
 */
export interface Area {
  routes?: (app: FastifyInstance) => Promise<void>;
  settingTypes?: readonly SettingType[];
}

/**
 * The areas made with `npm run new:area` (scripts/new-area.mjs): the one server file the
 * scaffold edits. features/index.ts mounts their routes and lists their settings types; their
 * tables are found by drizzle-kit in db/schema/ (drizzle.config.ts) without an export.
 */
export const AREAS: readonly Area[] = [
  // npm run new:area adds each area above this line.
];
