import { type SQL, sql } from 'drizzle-orm';
import { SEQUENCE_NAME, SEQUENCES, SequenceNumberFrom, type SequenceRow, type SequenceSaveBody, SHELL } from '@portal/contracts';
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
  const allowed = SequenceNumberFrom(current.currentNumber).safeParse({ sequenceNumber: input.sequenceNumber });
  if (!allowed.success) {
    const message = allowed.error.issues[0].message;
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

const fiveDigits = (n: number) => String(n).padStart(5, '0');

/** What a job number starts with: `<office code>-<yyyy>-`. */
const jobPrefix = (input: { officeCode: string; year: number }) => `${input.officeCode}-${input.year}-`;

/** What a certificate number starts with: `<office code>-<division code>-<yyyy>-`. */
const certificatePrefix = (input: { officeCode: string; divisionCode: string; year: number }) =>
  `${input.officeCode}-${input.divisionCode}-${input.year}-`;

/** Job number (DECISIONS 6): `<office code>-<yyyy>-<5-digit sequence>`, e.g. DXB-2026-00042. */
export function formatJobNumber(input: { officeCode: string; year: number; number: number }): string {
  return `${jobPrefix(input)}${fiveDigits(input.number)}`;
}

/** Certificate number (DECISIONS 6): `<office code>-<division code>-<yyyy>-<5-digit sequence>`. */
export function formatCertificateNumber(input: { officeCode: string; divisionCode: string; year: number; number: number }): string {
  return `${certificatePrefix(input)}${fiveDigits(input.number)}`;
}

/** Where each kind of number is kept: a number in that column of the namespace is taken. */
const NUMBER_COLUMNS = {
  [SEQUENCE_NAME.JOB]: { table: sql`jobs`, column: sql`job_number` },
  [SEQUENCE_NAME.CERTIFICATE]: { table: sql`tasks`, column: sql`certificate_number` },
} as const;

type NumberRequest =
  | { kind: typeof SEQUENCE_NAME.JOB; officeId: number; divisionId?: undefined; year: number }
  | { kind: typeof SEQUENCE_NAME.CERTIFICATE; officeId: number; divisionId: number; year: number };

/**
 * The next job or certificate number, formatted, that no job (or task) of the namespace has:
 * a collision is impossible, not retried into an error (DECISIONS 9).
 *
 * In the caller's transaction: it takes a lock on the number's prefix (e.g. DXB-LFT-2026-),
 * then the sequence's next number (`allocateNumber`). When that number is already used (an
 * archived office's code given to a new office, codes that read alike across a hyphen, a
 * number written by hand) it takes the first free number after it and moves the sequence
 * there, in one statement. The lock is held until the caller commits, so a concurrent save
 * of the same prefix waits and then sees this number as used.
 * Answers 404 when the office (or division) is not of the namespace.
 */
async function allocateFormatted(db: Db, namespaceId: number, request: NumberRequest): Promise<string> {
  const divisionId = request.divisionId ?? null;
  const [codes] = await queryRows<{ office_code: string; division_code: string | null }>(
    db,
    sql`select o.code as office_code, d.code as division_code
          from offices o left join divisions d on d.id = ${divisionId}::int and d.namespace_id = ${namespaceId}::int
         where o.id = ${request.officeId}::int and o.namespace_id = ${namespaceId}::int`,
  );
  if (!codes || (divisionId !== null && codes.division_code === null)) throw notFound(SHELL.notFound);
  const prefix =
    request.kind === SEQUENCE_NAME.JOB
      ? jobPrefix({ officeCode: codes.office_code, year: request.year })
      : certificatePrefix({ officeCode: codes.office_code, divisionCode: codes.division_code as string, year: request.year });
  const { table, column } = NUMBER_COLUMNS[request.kind];
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${request.kind}:${prefix}`}), ${namespaceId}::int)`);

  const next = await allocateNumber(db, namespaceId, { officeId: request.officeId, divisionId, name: request.kind });
  const used = (number: SQL) =>
    sql`exists (select 1 from ${table} u where u.namespace_id = ${namespaceId}::int and u.${column} = ${prefix} ||
          case when ${number} < 100000 then lpad((${number})::text, 5, '0') else (${number})::text end)`;
  const [free] = await queryRows<{ taken: boolean }>(db, sql`select ${used(sql`${next}::int`)} as taken`);
  if (!free.taken) return `${prefix}${fiveDigits(next)}`;

  // Taken: the first free number after it is the next one, or one after a used number.
  const [first] = await queryRows<{ n: number | string }>(
    db,
    sql`select min(c.k) as n
          from (select ${next}::int + 1 as k
                union all
                select substr(x.${column}, ${prefix.length + 1}::int)::int + 1
                  from ${table} x
                 where x.namespace_id = ${namespaceId}::int
                   and left(x.${column}, ${prefix.length}::int) = ${prefix}
                   and substr(x.${column}, ${prefix.length + 1}::int) ~ '^[0-9]{5,9}$'
                   and substr(x.${column}, ${prefix.length + 1}::int)::int >= ${next}::int) c
         where not ${used(sql`c.k`)}`,
  );
  const number = Number(first.n);
  await db.execute(
    sql`update number_sequences set current_number = greatest(current_number, ${number}::int), modified_at = now()
         where namespace_id = ${namespaceId}::int and office_id = ${request.officeId}::int
           and coalesce(division_id, 0) = coalesce(${divisionId}::int, 0) and name = ${request.kind}`,
  );
  return `${prefix}${fiveDigits(number)}`;
}

/** The next job number of an office (DECISIONS 6), never one the namespace has (see allocateFormatted). */
export function allocateJobNumber(db: Db, namespaceId: number, input: { officeId: number; year: number }): Promise<string> {
  return allocateFormatted(db, namespaceId, { kind: SEQUENCE_NAME.JOB, ...input });
}

/** The next certificate number of an office and division (DECISIONS 6), never one the namespace has. */
export function allocateCertificateNumber(
  db: Db,
  namespaceId: number,
  input: { officeId: number; divisionId: number; year: number },
): Promise<string> {
  return allocateFormatted(db, namespaceId, { kind: SEQUENCE_NAME.CERTIFICATE, ...input });
}
