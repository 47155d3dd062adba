import type { FastifyInstance } from 'fastify';
import { apiDocsRoutes } from '../plugins/openapi';
import type { Cleanup } from '../plugins/maintenance';
import { canSeeTask } from '../lib/taskScope';
import { AREAS } from './areas';
import { assetTypeSetting, assetTypesRoutes } from './assetTypes';
import { assetLocation, assetsRoutes } from './assets';
import { authRoutes } from './auth';
import { brandingRoutes } from './branding';
import { clientLocation, clientLogoRoutes, clientsRoutes, siteLocation } from './clients';
import { configurationSetting, configurationsRoutes } from './configurations';
import { complianceRoutes } from './compliance';
import { dashboardRoutes, dashboardTabsSetting } from './dashboard';
import { cleanups as dataFormsCleanups, dataFormSetting, dataFormsRoutes } from './dataForms';
import { divisionSetting } from './divisions';
import { documentsRoutes } from './documents';
import { filesRoutes } from './files';
import { gridStatesRoutes } from './gridStates';
import { healthRoutes } from './health';
import { jobsRoutes } from './jobs';
import { llgRoutes } from './llg';
import { type LocationType, locationsRoutes } from './locations';
import { libraryRoutes } from './library';
import { looseGearRoutes } from './looseGear';
import { clientInventoryRoutes } from './clientInventory';
import { assessmentsRoutes } from './assessments';
import { officeLocation, officesRoutes } from './offices';
import { qrStickersRoutes } from './qrStickers';
import { remindersRoutes } from './reminders';
import { reportsRoutes } from './reports';
import { roleSetting, rolesRoutes } from './roles';
import { registrationRoutes } from './registration';
import { sequencesRoutes } from './sequences';
import { type SettingType, settingsRoutes } from './settings';
import { taskTypeSetting } from './taskTypes';
import { tasksRoutes } from './tasks';
import { loCompanyLocation, usersRoutes } from './users';

/**
 * Every settings object type the generic `/api/Setting` calls serve, listed explicitly (no
 * registration by import side effects). A new type built with `defineSettingObject`
 * (settings/kit.ts) is exported from its feature's index.ts and added here, or, for an area made
 * with `npm run new:area`, handed in its `AREAS` entry (areas.ts).
 */
export const SETTING_TYPES: readonly SettingType[] = [
  divisionSetting,
  roleSetting,
  dashboardTabsSetting,
  assetTypeSetting,
  taskTypeSetting,
  configurationSetting,
  dataFormSetting,
  ...AREAS.flatMap((area) => area.settingTypes ?? []),
];

/** Every location object type the generic `/api/Location` calls serve, listed explicitly. */
export const LOCATION_TYPES: readonly LocationType[] = [officeLocation, clientLocation, siteLocation, loCompanyLocation, assetLocation];

/** Each feature's periodic clean-up, run by the maintenance plugin (plugins/maintenance.ts). */
export const CLEANUPS: readonly Cleanup[] = [...dataFormsCleanups];

/**
 * Every API area, mounted under /api. Divisions have no routes of their own: the generic
 * settings calls serve them (SETTING_TYPES above).
 */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(brandingRoutes);
  await app.register(filesRoutes);
  await app.register(configurationsRoutes);
  await app.register(dashboardRoutes);
  await app.register(complianceRoutes);
  await app.register(usersRoutes);
  await app.register(clientLogoRoutes);
  await app.register(clientsRoutes);
  await app.register(officesRoutes);
  await app.register(rolesRoutes);
  await app.register(sequencesRoutes);
  await app.register(registrationRoutes);
  await app.register(apiDocsRoutes);
  await app.register(dataFormsRoutes);
  await app.register(settingsRoutes, { types: SETTING_TYPES });
  await app.register(locationsRoutes, { types: LOCATION_TYPES });
  await app.register(assetTypesRoutes);
  await app.register(jobsRoutes);
  await app.register(assetsRoutes);
  await app.register(documentsRoutes, { canSeeTask });
  await app.register(tasksRoutes);
  await app.register(looseGearRoutes);
  await app.register(clientInventoryRoutes);
  await app.register(llgRoutes);
  await app.register(qrStickersRoutes);
  await app.register(remindersRoutes);
  await app.register(assessmentsRoutes);
  await app.register(gridStatesRoutes);
  await app.register(reportsRoutes);
  await app.register(libraryRoutes);
  // The areas made with npm run new:area (areas.ts).
  for (const area of AREAS) if (area.routes) await app.register(area.routes);
}
