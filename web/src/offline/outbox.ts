import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { ChecklistSaveAnswer } from '@portal/contracts';
import { HttpError, post } from '../api/http';
import { offlineDb, type QueuedSave, type RefusedSave, withDb } from './db';

/**
 * Saves made without a connection (issue 21): queued in IndexedDB in the order they were made
 * and sent one at a time, in that order, when the connection returns. A save the server
 * refuses (4xx: a conflict with someone else's later change, data it does not accept, a task
 * no longer open for inspection) moves to the refused list with the server's message, shown
 * until the user dismisses it, and the next one is sent. Unreachable, 5xx, 401 or 429: the
 * queue stops and is tried again later, nothing is dropped.
 */
const RETRY_MS = 15_000;

/** POST /api/apptaskuploadWeb with one node (multipart, as the FORM's Save sends it). */
function send(entry: QueuedSave): Promise<ChecklistSaveAnswer> {
  const form = new FormData();
  form.append('observationId', String(entry.taskId));
  form.append('checklistData', JSON.stringify([entry.input]));
  return post<ChecklistSaveAnswer>('/apptaskuploadWeb', form);
}

/** Whether the server refused the save for good (rather than being out of reach or busy). */
const refusal = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

/** Queues one node's save; false where the device cannot keep it (no IndexedDB). */
export async function queueSave(entry: Omit<QueuedSave, 'seq' | 'queuedAt'>): Promise<boolean> {
  return withDb(false, async (db) => {
    await db.outbox.add({ ...entry, queuedAt: new Date().toISOString() });
    return true;
  });
}

/** How many saves of a task still wait (read from the store, not from a hook's last render). */
export const queuedFor = (taskId: number) => withDb(0, (db) => db.outbox.where('taskId').equals(taskId).count());

let sending: Promise<void> | null = null;
const sentListeners = new Set<(taskId: number) => void>();

/** Called after each queued save the server took (the task's status and summary may have moved). */
export function onQueuedSaveSent(listener: (taskId: number) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Sends the queue in order, once at a time (a second call joins the running one). */
export function sendQueued(): Promise<void> {
  if (!sending)
    sending = drain().finally(() => {
      sending = null;
    });
  return sending;
}

async function drain(): Promise<void> {
  const opening = offlineDb();
  if (!opening) return;
  const db = await opening;
  for (;;) {
    const next = await db.outbox.orderBy('seq').first();
    if (!next?.seq) return;
    try {
      await send(next);
      await db.outbox.delete(next.seq);
      for (const listener of sentListeners) listener(next.taskId);
    } catch (error) {
      if (!refusal(error)) return;
      const refused: RefusedSave = {
        taskId: next.taskId,
        nodeId: next.nodeId,
        nodeName: next.nodeName,
        input: next.input,
        message: error.message,
        status: error.status,
        refusedAt: new Date().toISOString(),
      };
      await db.transaction('rw', db.outbox, db.refused, async () => {
        await db.refused.add(refused);
        await db.outbox.delete(next.seq as number);
      });
      for (const listener of sentListeners) listener(next.taskId);
    }
  }
}

let started = false;

/** Sends what is queued now, whenever the browser says it is back online, and every 15 s while anything waits. */
export function startSending(): void {
  if (started || typeof window === 'undefined' || !offlineDb()) return;
  started = true;
  window.addEventListener('online', () => void sendQueued());
  setInterval(() => {
    void withDb(0, (db) => db.outbox.count()).then((count) => {
      if (count > 0) void sendQueued();
    });
  }, RETRY_MS);
  void sendQueued();
}

export const dismissRefused = (id: number) => withDb(undefined, (db) => db.refused.delete(id));

/** A task's saves waiting to be sent and those the server refused, kept up to date. */
export function useQueuedSaves(taskId: number): { pending: number; refused: RefusedSave[] } {
  const [state, setState] = useState<{ pending: number; refused: RefusedSave[] }>({ pending: 0, refused: [] });
  useEffect(() => {
    const opening = offlineDb();
    if (!opening) return;
    let subscription: { unsubscribe(): void } | null = null;
    let active = true;
    opening.then(
      (db) => {
        if (!active) return;
        subscription = liveQuery(async () => ({
          pending: await db.outbox.where('taskId').equals(taskId).count(),
          refused: await db.refused.where('taskId').equals(taskId).sortBy('id'),
        })).subscribe({ next: setState, error: () => undefined });
      },
      () => undefined,
    );
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
  }, [taskId]);
  return state;
}

/** Whether the browser says it has a connection, kept up to date. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
