import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LlgAssetType } from '@portal/contracts';
import { contextOf } from '../context';
import { llgAssetTypes } from './assetTypes.service';

/** Asset types' own call; list, save and archive are the generic /api/Setting calls. */
export async function assetTypesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Setting/llgAsset',
    { config: { permission: 'assetTypes.options' }, schema: { response: { 200: LlgAssetType.array() } } },
    async (request) => llgAssetTypes(contextOf(app, request)),
  );
}
