import { sql } from 'drizzle-orm';
import { SEQUENCES, type SequenceRow, type SequenceSaveBody, SHELL } from '@portal/contracts';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { findSequence, listSequences, raiseCurrentNumber } from './sequences.queries';
import { queryRows } from '../../db/rows';

type SequenceInput = z.output<typeof SequenceSaveBody>;

const toRow = (r: Awaited<ReturnType<typeof listSequences>>[number]): SequenceRow => ({
  id: r.id,
  sequenceName: r.sequenceName,
  officeId: r.officeId,
  officeName: r.officeName,
  divisionId: r.divisionId,
  divisionName: r.divisionName,
  sequenceNumber: r.sequenceNumber,
  modifiedDate: r.modifiedAt.toISOString(),
});

/** GET /api/sequence */
export async function sequenceList(ctx: RequestContext): Promise<SequenceRow[]> {
  return (await listSequences(ctx.db, ctx.scope)).map(toRow);
}

/** POST /api/sequence: only the Current Number changes, and never downwards. */
export async function saveSequence(ctx: RequestContext, input: SequenceInput): Promise<SequenceRow> {
  const current = await findSequence(ctx.db, ctx.scope, input.id);
  if (!current) throw notFound(SHELL.notFound);
  if (input.sequenceNumber < current.currentNumber) {
    const message = SEQUENCES.belowCurrent(current.currentNumber);
    throw badRequest(message, { sequenceNumber: message });
  }
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    if (await raiseCurrentNumber(tx, ctx.scope, input.id, input.sequenceNumber)) return;
    // A job or certificate took a number between our read and our write.
    const now = await findSequence(tx, ctx.scope, input.id);
    const message = SEQUENCES.movedOn(now?.currentNumber ?? input.sequenceNumber);
    throw conflict(message, { sequenceNumber: message });
  });
  const [row] = await listSequences(ctx.db, ctx.scope, input.id);
  return toRow(row);
}

/**
 * Takes the next number of the sequence (office, division, name), creating the sequence at 1
 * when it does not exist yet. One INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so concurrent
 * callers never get the same number (DECISIONS 6). Pass the caller's transaction: then a failed
 * save gives its number back, and the row stays locked until that save commits.
 * Answers 404 when the office (or division) is not of the namespace.
 */
export async function allocateNumber(
  db: Db,
  namespaceId: number,
  input: { officeId: number; divisionId?: number | null; name: string },
): Promise<number> {
  const name = input.name.trim().toUpperCase();
  const divisionId = input.divisionId ?? null;
  const [row] = await queryRows<{ current_number: number | string }>(
    db,
    sql`
    insert into number_sequences (namespace_id, office_id, division_id, name, current_number)
    select ${namespaceId}::int, o.id, ${divisionId}::int, ${name}, 1
      from offices o
     where o.id = ${input.officeId}::int and o.namespace_id = ${namespaceId}::int
       and (${divisionId}::int is null
            or exists (select 1 from divisions d where d.id = ${divisionId}::int and d.namespace_id = ${namespaceId}::int))
    on conflict (namespace_id, office_id, (coalesce(division_id, 0)), name)
    do update set current_number = number_sequences.current_number + 1, modified_at = now()
    returning current_number`,
  );
  if (!row) throw notFound(SHELL.notFound);
  return Number(row.current_number);
}

/** An office or division code for a number: its code, else the first letters of its name. */
export function codeOf(record: { acronymCode?: string | null; name: string }): string {
  const code = record.acronymCode?.trim();
  if (code) return code.toUpperCase();
  return (
    record.name
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || 'X'
  );
}

const fiveDigits = (n: number) => String(n).padStart(5, '0');

/** Job number (DECISIONS 6): `<office code>-<yyyy>-<5-digit sequence>`, e.g. DXB-2026-00042. */
export function formatJobNumber(input: { officeCode: string; year: number; number: number }): string {
  return `${input.officeCode}-${input.year}-${fiveDigits(input.number)}`;
}

/** Certificate number (DECISIONS 6): `<office code>-<division code>-<yyyy>-<5-digit sequence>`. */
export function formatCertificateNumber(input: { officeCode: string; divisionCode: string; year: number; number: number }): string {
  return `${input.officeCode}-${input.divisionCode}-${input.year}-${fiveDigits(input.number)}`;
}
