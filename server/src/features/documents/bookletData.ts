import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { certificates, llgItems, tasks } from '../../db/schema';
import type { Db } from '../../db/types';
import type { BlobStore } from '../../lib/blobs';
import { loadTasksDocumentData } from './data';
import { DocumentDataCache } from './dataParts';
import type { TaskDocumentData } from './dataTypes';

/** Child records removed (64) or deleted (1024) are not in the booklet. */
const GONE = [64, 1024];

/** One item of loose lifting gear in the booklet: an LLG child task and its register item. */
export interface BookletItem {
  taskId: number;
  serialNumber: string;
  /** The llg- task type's name and the item's specification. */
  description: string;
  swl: string | null;
  /** The child's documents data: its certificate is drawn from it. */
  data: TaskDocumentData;
  /**
   * Approved (16) with a certificate number: only such an item is presented as certified by a
   * final booklet (DECISIONS 9: a certificate states what was examined and found).
   */
  certified: boolean;
  /** The public verification address of the child's own issued certificate (its QR code). */
  verificationUrl: string | null;
}

/** What the booklet of an LLG parent task shows: the parent's facts and its live children. */
export interface BookletData {
  parent: TaskDocumentData;
  items: BookletItem[];
}

/**
 * Reads the booklet of an LLG parent: every child that is not removed or deleted, ordered by
 * serial number (a client looks an item up by it), each with its certificate's data (the
 * office, logo and people read once for all) and its own verification address.
 */
export async function loadBookletData(db: Db, store: BlobStore, parent: TaskDocumentData, publicUrl: string): Promise<BookletData> {
  const children = await db
    .select({ id: tasks.id, status: tasks.status, serialNumber: llgItems.serialNumber, swl: llgItems.safeWorkingLoad })
    .from(tasks)
    .innerJoin(llgItems, eq(llgItems.id, tasks.llgItemId))
    .where(and(eq(tasks.parentId, parent.taskId), eq(tasks.namespaceId, parent.namespaceId), notInArray(tasks.status, GONE)))
    .orderBy(asc(llgItems.serialNumber), asc(tasks.id));
  const issued =
    children.length === 0
      ? []
      : await db
          .select({ taskId: certificates.taskId, number: certificates.number, revision: certificates.revision, code: certificates.code })
          .from(certificates)
          .where(
            and(
              inArray(
                certificates.taskId,
                children.map((c) => c.id),
              ),
              eq(certificates.voided, false),
            ),
          );
  const base = publicUrl.replace(/\/+$/, '');
  const cache = new DocumentDataCache();
  const items: BookletItem[] = [];
  const loaded = await loadTasksDocumentData(
    db,
    store,
    children.map((c) => c.id),
    cache,
  );
  for (const child of children) {
    const data = loaded.get(child.id);
    if (!data) continue;
    const own = issued.find((c) => c.taskId === child.id && c.number === data.certificateNumber && c.revision === data.revision);
    items.push({
      taskId: child.id,
      serialNumber: child.serialNumber,
      description: data.asset.name,
      swl: child.swl,
      data,
      certified: child.status === 16 && data.certificateNumber !== null,
      verificationUrl: own ? `${base}/verify/${own.code}` : null,
    });
  }
  // Natural order: S-2 before S-10.
  items.sort((a, b) => a.serialNumber.localeCompare(b.serialNumber, 'en', { numeric: true }) || a.taskId - b.taskId);
  return { parent, items };
}
