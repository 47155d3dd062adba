import { sql } from 'drizzle-orm';
import { documentJobs, tasks } from '../../db/schema';
import type { Db } from '../../db/types';
import { and, eq } from 'drizzle-orm';

import { certificateStatusCode, type DocumentPhase } from '@portal/contracts';

export type { DocumentPhase };

/** Certificate status (DECISIONS 5) a task shows once its documents of a phase are queued. */
export const QUEUED_STATUS: Record<DocumentPhase, number> = {
  preview: certificateStatusCode('preview', 'queued'),
  final: certificateStatusCode('final', 'queued'),
};

/**
 * Asks for a task's documents of a phase, in the caller's transaction: a queue row (or none
 * when one of that phase is still unfinished: the worker then makes them from the task as it is
 * when it runs) and the task's certificate status set to queued. The worker
 * (`documents/worker.ts`) picks the row up on any instance.
 */
export async function enqueueTaskDocuments(
  db: Db,
  task: { id: number; namespaceId: number },
  phase: DocumentPhase,
  requestedBy: number | null,
): Promise<void> {
  await db
    .insert(documentJobs)
    .values({ namespaceId: task.namespaceId, taskId: task.id, phase, requestedBy })
    .onConflictDoNothing({ target: [documentJobs.taskId, documentJobs.phase], where: sql`state in ('queued', 'running')` });
  await db
    .update(tasks)
    .set({ certificateStatus: QUEUED_STATUS[phase] })
    .where(and(eq(tasks.id, task.id), eq(tasks.namespaceId, task.namespaceId)));
}

/**
 * Retry from the UI (tsrv's `POST /api/addasynctask`): queues the task's documents of the
 * phase its certificate status says (final once approved, preview otherwise), in the caller's
 * transaction. Answers the phase queued.
 */
export async function retryTaskDocuments(
  db: Db,
  task: { id: number; namespaceId: number; status: number },
  requestedBy: number | null,
): Promise<DocumentPhase> {
  const phase: DocumentPhase = task.status === 16 ? 'final' : 'preview';
  await enqueueTaskDocuments(db, task, phase, requestedBy);
  return phase;
}

/** The documents rows of a task, newest first (diagnostics and tests). */
export async function taskDocumentJobs(db: Db, taskId: number) {
  return db
    .select()
    .from(documentJobs)
    .where(eq(documentJobs.taskId, taskId))
    .orderBy(sql`${documentJobs.createdAt} desc, ${documentJobs.id} desc`);
}
