import type { Dexie, EntityTable } from 'dexie';
import type { ChecklistAnswer, ChecklistData, FormJsonAnswer, SessionUser, TaskDetail } from '@portal/contracts';

/**
 * What a task opened for inspection keeps on this device (issue 21, docs/decisions.md "Offline
 * inspection"), in IndexedDB through Dexie: the task, its checklist and form definitions as
 * last read from the server, the signed-in user (so that an offline reload reopens the app),
 * the saves waiting to be sent, in order, and the saves the server refused until the user
 * dismisses them. Cleared at sign-out and when another user signs in.
 */
export interface CachedTask {
  id: number;
  task: TaskDetail;
}
export interface CachedChecklist {
  taskId: number;
  answer: ChecklistAnswer;
}
export interface CachedForm {
  /** `${formId}:${revision}`, and `${formId}:current` for the current revision. */
  key: string;
  form: FormJsonAnswer;
}
export interface CachedSession {
  key: 'user';
  user: SessionUser;
}
/** One node's save waiting to be sent; seq gives the order it was made in. */
export interface QueuedSave {
  seq?: number;
  taskId: number;
  nodeId: string;
  nodeName: string;
  input: ChecklistData[number];
  queuedAt: string;
}
/** A queued save the server refused: kept, with the server's message, until dismissed. */
export interface RefusedSave {
  id?: number;
  taskId: number;
  nodeId: string;
  nodeName: string;
  input: ChecklistData[number];
  message: string;
  status: number;
  refusedAt: string;
}

export type OfflineDb = Dexie & {
  tasks: EntityTable<CachedTask, 'id'>;
  checklists: EntityTable<CachedChecklist, 'taskId'>;
  forms: EntityTable<CachedForm, 'key'>;
  session: EntityTable<CachedSession, 'key'>;
  outbox: EntityTable<QueuedSave, 'seq'>;
  refused: EntityTable<RefusedSave, 'id'>;
};

let db: Promise<OfflineDb> | null = null;

/**
 * The device's store, or null where the browser has no IndexedDB (unit tests). Dexie loads with
 * the first use, so the login page does not carry it.
 */
export function offlineDb(): Promise<OfflineDb> | null {
  if (typeof indexedDB === 'undefined') return null;
  if (!db) {
    db = import('dexie').then(({ Dexie }) => {
      const store = new Dexie('portal-offline') as OfflineDb;
      store.version(1).stores({
        tasks: 'id',
        checklists: 'taskId',
        forms: 'key',
        session: 'key',
        outbox: '++seq, taskId',
        refused: '++id, taskId',
      });
      return store;
    });
    db.catch(() => {
      db = null;
    });
  }
  return db;
}

/** Runs a store operation; the app works without the store (private windows, quota), so a failure gives `fallback`. */
export async function withDb<T>(fallback: T, run: (db: OfflineDb) => Promise<T>): Promise<T> {
  const store = offlineDb();
  if (!store) return fallback;
  try {
    return await run(await store);
  } catch {
    return fallback;
  }
}

/** Everything this device keeps for the signed-in user (sign-out, another user signing in). */
export async function clearOfflineData(): Promise<void> {
  await withDb(undefined, async (store) => {
    await Promise.all(store.tables.map((table) => table.clear()));
  });
}

/** How many saves on this device still wait to be sent (all tasks). */
export const queuedCount = () => withDb(0, (store) => store.outbox.count());
