import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SequenceRow, SequenceSaveBody } from '@portal/contracts';
import { contextOf } from '../context';
import { saveSequence, sequenceList } from './sequences.service';

/** Sequence numbering (administration document: "Sequence numbering", section 7 "Sequence"). */
export async function sequencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sequence', { config: { permission: 'sequences.read' }, schema: { response: { 200: SequenceRow.array() } } }, async (request) =>
    sequenceList(contextOf(app, request)),
  );

  r.post(
    '/sequence',
    { config: { permission: 'sequences.write' }, schema: { body: SequenceSaveBody, response: { 200: SequenceRow } } },
    async (request) => saveSequence(contextOf(app, request), request.body),
  );
}
