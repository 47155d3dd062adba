import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { divisions, numberSequences, offices } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

const rowColumns = {
  id: numberSequences.id,
  sequenceName: numberSequences.name,
  officeId: numberSequences.officeId,
  officeName: offices.name,
  divisionId: numberSequences.divisionId,
  divisionName: divisions.name,
  sequenceNumber: numberSequences.currentNumber,
  modifiedAt: numberSequences.modifiedAt,
};

/** Every sequence of the namespace, by office name then sequence name (then division). */
export async function listSequences(db: Db, scope: Scope, id?: number) {
  const where = [eq(numberSequences.namespaceId, scope.namespaceId)];
  if (id !== undefined) where.push(eq(numberSequences.id, id));
  return db
    .select(rowColumns)
    .from(numberSequences)
    .innerJoin(offices, eq(offices.id, numberSequences.officeId))
    .leftJoin(divisions, eq(divisions.id, numberSequences.divisionId))
    .where(and(...where))
    .orderBy(
      asc(sql`lower(${offices.name})`),
      asc(numberSequences.name),
      asc(sql`lower(coalesce(${divisions.name}, ''))`),
      asc(numberSequences.id),
    );
}

export async function findSequence(db: Db, scope: Scope, id: number) {
  const rows = await db
    .select({ id: numberSequences.id, currentNumber: numberSequences.currentNumber })
    .from(numberSequences)
    .where(and(eq(numberSequences.id, id), eq(numberSequences.namespaceId, scope.namespaceId)));
  return rows[0] ?? null;
}

/**
 * Sets the Current Number only if no allocation has taken it past `value` meanwhile (the
 * check and the write are one statement). Answers false when it had moved past.
 */
export async function raiseCurrentNumber(db: Db, scope: Scope, id: number, value: number): Promise<boolean> {
  const rows = await db
    .update(numberSequences)
    .set({ currentNumber: value, modifiedAt: sql`now()` })
    .where(and(eq(numberSequences.id, id), eq(numberSequences.namespaceId, scope.namespaceId), lte(numberSequences.currentNumber, value)))
    .returning({ id: numberSequences.id });
  return rows.length > 0;
}
