import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { brandingRoutes } from './branding/branding.routes';
import { clientLogoRoutes } from './clients/logo.routes';
import { clientsRoutes } from './clients/clients.routes';
import { configurationsRoutes } from './configurations/configurations.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { dataFormsRoutes } from './dataForms/dataForms.routes';
import { filesRoutes } from './files/files.routes';
import { healthRoutes } from './health/health.routes';
import { locationsRoutes } from './locations/locations.routes';
import { officesRoutes } from './offices/offices.routes';
import { rolesRoutes } from './roles/roles.routes';
import { sequencesRoutes } from './sequences/sequences.routes';
import { settingsRoutes } from './settings/settings.routes';
import { usersRoutes } from './users/users.routes';
import { apiDocsRoutes } from '../plugins/openapi';
import { assetTypesRoutes } from './assetTypes/assetTypes.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { assetsRoutes } from './assets/assets.routes';
import { documentsRoutes } from './documents';
import { canSeeTask } from './tasks/tasks.access';
import { tasksRoutes } from './tasks/tasks.routes';
import { qrStickersRoutes } from './qrStickers/qrStickers.routes';

/**
 * Every API area, mounted under /api. Divisions have no routes of their own: the generic
 * settings calls serve them (settings/types.ts lists the settings object types).
 */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(brandingRoutes);
  await app.register(filesRoutes);
  await app.register(configurationsRoutes);
  await app.register(dashboardRoutes);
  await app.register(usersRoutes);
  await app.register(clientLogoRoutes);
  await app.register(clientsRoutes);
  await app.register(officesRoutes);
  await app.register(rolesRoutes);
  await app.register(sequencesRoutes);
  await app.register(apiDocsRoutes);
  await app.register(dataFormsRoutes);
  await app.register(settingsRoutes);
  await app.register(locationsRoutes);
  await app.register(assetTypesRoutes);
  await app.register(jobsRoutes);
  await app.register(assetsRoutes);
  await app.register(documentsRoutes, { canSeeTask });
  await app.register(tasksRoutes);
  await app.register(qrStickersRoutes);
}
