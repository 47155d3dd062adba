import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InventoryIdParams, InventoryImportAnswer, InventoryQuery, InventoryRow, InventorySaveBody } from '@portal/contracts';
import { contextOf } from '../context';
import { exportInventory, sendInventoryTemplate } from './clientInventory.export';
import { deleteInventoryRow, importInventory, inventoryList, saveInventory } from './clientInventory.service';

/**
 * The client inventory (administration document 7): the spec's three calls, and ours: the CSV
 * template, the CSV import and the Excel export. Reading is `inventory.read`; saving, deleting,
 * the template and the import `inventory.write`.
 */
export async function clientInventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/clientInventory/getEntityByClientSite',
    { config: { permission: 'inventory.read' }, schema: { querystring: InventoryQuery, response: { 200: InventoryRow.array() } } },
    async (request) => inventoryList(contextOf(app, request), request.query),
  );

  r.post(
    '/clientInventory/saveEntity',
    { config: { permission: 'inventory.write' }, schema: { body: InventorySaveBody, response: { 200: InventoryRow.array() } } },
    async (request) => saveInventory(contextOf(app, request), request.body),
  );

  r.delete(
    '/clientInventory/deleteClientEntityById/:id',
    { config: { permission: 'inventory.write' }, schema: { params: InventoryIdParams, response: { 200: InventoryRow.array() } } },
    async (request) => deleteInventoryRow(contextOf(app, request), request.params.id),
  );

  r.post(
    '/clientInventory/upload',
    {
      config: { permission: 'inventory.write', multipart: true },
      schema: { querystring: InventoryQuery, response: { 200: InventoryImportAnswer } },
    },
    async (request) => importInventory(contextOf(app, request), request.query, request),
  );

  // File downloads: no JSON answer schema (plugins/openapi.test.ts NOT_JSON).
  r.get('/clientInventory/template', { config: { permission: 'inventory.write' } }, async (_request, reply) =>
    sendInventoryTemplate(reply),
  );

  r.get(
    '/clientInventory/export',
    { config: { permission: 'inventory.read' }, schema: { querystring: InventoryQuery } },
    async (request, reply) => exportInventory(contextOf(app, request), request.query, request, reply),
  );
}
