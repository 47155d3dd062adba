import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SequenceSaveBody } from '@portal/contracts';
import { contextOf } from '../context';
import { saveSequence, sequenceList } from './sequences.service';

/** Sequence numbering (administration document: "Sequence numbering", section 7 "Sequence"). */
export async function sequencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sequence', { config: { permission: 'sequences.read' } }, async (request) => sequenceList(contextOf(app, request)));

  r.post('/sequence', { config: { permission: 'sequences.write' }, schema: { body: SequenceSaveBody } }, async (request) =>
    saveSequence(contextOf(app, request), request.body),
  );
}
