import type { ChecklistAnswer, FormJsonAnswer, SessionUser, TaskDetail } from '@portal/contracts';
import { HttpError } from '../api/http';
import { type QueuedSave, withDb } from './db';

/** Whether a call failed because the server could not be reached (offline, dropped connection). */
export const unreachable = (error: unknown) => error instanceof HttpError && error.status === 0;

/**
 * A read that is kept on this device: online the answer is stored before it is returned (so a
 * screen that shows it has it stored); when the server cannot be reached the stored answer is
 * given instead, and without one the error stands.
 */
async function keptRead<T>(
  read: () => Promise<T>,
  store: (value: T) => Promise<unknown>,
  stored: () => Promise<T | undefined>,
): Promise<T> {
  try {
    const value = await read();
    await store(value);
    return value;
  } catch (error) {
    if (!unreachable(error)) throw error;
    const kept = await stored();
    if (kept === undefined) throw error;
    return kept;
  }
}

export const keptTask = (id: number, read: () => Promise<TaskDetail>) =>
  keptRead(
    read,
    (task) => withDb(undefined, (db) => db.tasks.put({ id, task })),
    () => withDb(undefined, async (db) => (await db.tasks.get(id))?.task),
  );

/** The checklist as stored, with the saves still waiting to be sent laid over it. */
export const keptChecklist = (taskId: number, read: () => Promise<ChecklistAnswer>) =>
  keptRead(
    read,
    (answer) => withDb(undefined, (db) => db.checklists.put({ taskId, answer })),
    () =>
      withDb(undefined, async (db) => {
        const kept = await db.checklists.get(taskId);
        if (!kept) return undefined;
        const queued = await db.outbox.where('taskId').equals(taskId).sortBy('seq');
        return withQueued(kept.answer, queued);
      }),
  );

export const keptForm = (key: string, read: () => Promise<FormJsonAnswer>) =>
  keptRead(
    read,
    (form) => withDb(undefined, (db) => db.forms.put({ key, form })),
    () => withDb(undefined, async (db) => (await db.forms.get(key))?.form),
  );

/** Keeps the signed-in user; another user's tasks and unsent saves are cleared first. */
export const rememberUser = (user: SessionUser) =>
  withDb(undefined, async (db) => {
    const last = await db.session.get('user');
    if (last && last.user.id !== user.id) await Promise.all(db.tables.map((t) => t.clear()));
    await db.session.put({ key: 'user', user });
  });

/**
 * The signed-in user, kept so that a reload without a connection reopens the app for them.
 * The session answer does not wait for the write: it is on the start-up path of every screen.
 */
export const keptUser = (read: () => Promise<SessionUser | null>) =>
  keptRead<SessionUser | null>(
    read,
    async (user) => {
      if (user) void rememberUser(user);
    },
    () => withDb(undefined, async (db) => (await db.session.get('user'))?.user),
  );

/**
 * The checklist as it will be once the queued saves are sent: each node's result, data and
 * defect, its result in the summary, and the 'needs a result' problem gone for an item that
 * has one now. The server's summary replaces this as soon as they are sent.
 */
export function withQueued(answer: ChecklistAnswer, queued: readonly Pick<QueuedSave, 'input'>[]): ChecklistAnswer {
  if (queued.length === 0) return answer;
  const nodes = answer.nodes.map((node) => {
    let next = node;
    for (const { input } of queued) {
      if (input.id !== node.id) continue;
      next = {
        ...next,
        itemResult: input.itemResult !== undefined ? (input.itemResult ?? null) : next.itemResult,
        userData: input.userData !== undefined ? (input.userData ?? null) : next.userData,
        defect: input.defect !== undefined ? ((input.defect ?? null) as typeof next.defect) : next.defect,
      };
    }
    return next;
  });
  const results = { ...answer.inspection.results };
  const answered = new Set<string>();
  for (const { input } of queued) {
    if (input.itemResult === undefined) continue;
    if (input.itemResult === null) delete results[input.id];
    else {
      results[input.id] = input.itemResult;
      answered.add(input.id);
    }
  }
  const before = new Set(answer.inspection.problems.map((p) => p.nodeId));
  const problems = answer.inspection.problems.filter((p) => !(p.kind === 'result' && answered.has(p.nodeId)));
  const after = new Set(problems.map((p) => p.nodeId));
  const incomplete = Math.max(0, answer.inspection.incomplete - (before.size - after.size));
  return { ...answer, nodes, inspection: { ...answer.inspection, results, problems, incomplete, complete: answer.inspection.complete } };
}
