import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type CertificateFacts, DOCUMENT_PHASES } from '@portal/contracts';
import { createdAt } from './columns';
import { files } from './files';
import { tasks } from './jobs';
import { namespaces } from './namespaces';

/**
 * The states of a documents queue row: queued (waiting, also between retries), running (a worker
 * holds it), done, failed (after the last attempt). Server only: the web reads the task's
 * certificate status (contracts `certificateStatus.ts`), never this.
 */
export const DOCUMENT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type DocumentJobState = (typeof DOCUMENT_JOB_STATES)[number];

/** `column in ('a', 'b')` for a CHECK constraint on one of the tuples above. */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The documents queue (issue 10): one row per PDF generation a task needs, worked by any server
 * instance (`SELECT ... FOR UPDATE SKIP LOCKED`), so it survives a restart and works the same on
 * the embedded database and on PostgreSQL. `phase` preview makes the preview certificate and the
 * field report after Submit; final makes the certificate, the field report and the full
 * checklist report after approval. A task never has two unfinished rows of one phase (the
 * partial unique index), so one certificate is never generated twice at once.
 */
export const documentJobs = pgTable(
  'document_jobs',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    /** preview or final (contracts `DOCUMENT_PHASES`; CHECK constraint). */
    phase: text('phase', { enum: DOCUMENT_PHASES }).notNull(),
    /** `DOCUMENT_JOB_STATES` (CHECK constraint). */
    state: text('state', { enum: DOCUMENT_JOB_STATES }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** Not taken before this time (retries back off). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When its worker took it or last said it is alive (the heartbeat): a running row older
     * than the lease is taken again (its worker died).
     */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    /** The worker instance (process) holding a running row; cleared when it goes back to the queue. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    requestedBy: integer('requested_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('document_jobs_open_key').on(t.taskId, t.phase).where(sql`${t.state} in ('queued', 'running')`),
    index('document_jobs_next_idx').on(t.state, t.runAfter),
    index('document_jobs_task_idx').on(t.taskId, t.createdAt),
    check('document_jobs_phase_check', sql`${t.phase} in (${oneOf(DOCUMENT_PHASES)})`),
    check('document_jobs_state_check', sql`${t.state} in (${oneOf(DOCUMENT_JOB_STATES)})`),
  ],
);

/**
 * Every final certificate issued (DECISIONS 8, tamper-evidence): the SHA-256 of the PDF as
 * issued and a random verification code, printed as a QR code on the certificate and opened
 * by the public page `/verify/<code>`. One row per issue: an amended task's earlier rows stay,
 * so an old printout is shown as superseded rather than unknown.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    number: text('number').notNull(),
    revision: integer('revision').notNull().default(0),
    /** Hex SHA-256 of the signed PDF exactly as stored and served. */
    sha256: text('sha256').notNull(),
    /** Random, unguessable (128 bits, base64url): the only key of the public page. */
    code: text('code').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** What the certificate said when issued (client, asset, result, dates...), shown by the verification page. */
    facts: jsonb('facts').$type<CertificateFacts>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * A second row of a (number, revision) issued before the rule of one row per pair (regenerated
     * finals): kept for its verification code, shown as withdrawn, and out of the unique index.
     */
    voided: boolean('voided').notNull().default(false),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    // DECISIONS 9: one certificate per (number, revision): a final certificate is never issued twice.
    uniqueIndex('certificates_number_revision_key').on(t.namespaceId, t.number, t.revision).where(sql`not ${t.voided}`),
    index('certificates_task_idx').on(t.taskId, t.issuedAt),
    index('certificates_sha256_idx').on(t.sha256),
  ],
);
