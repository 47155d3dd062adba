import type { FastifyInstance } from 'fastify';
// Divisions are served by the generic /api/Setting calls (objectType Division); importing the
// service registers the type with features/settings/registry.ts.
import './divisions.service';

/** Divisions (issue 3): no routes of their own, see divisions.service.ts. */
export async function divisionsRoutes(_app: FastifyInstance) {}
