import { sql } from 'drizzle-orm';
import {
  type ChildLlgList,
  type ChildLlgTask,
  type CreateChildBody,
  isLlgChildTaskType,
  LLG_PARENT_OPEN_STATUSES,
  LLG_TEXT,
  llgCanAdd,
  llgChildCan,
  mayInspect,
  type Role,
  TASK_TEXT,
  can,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { refreshJobStatus } from '../jobs';
import { completeInspections } from '../tasks';
import { type ChildRow, childRows, type LlgParent, lockChild, parentOf } from './llg.queries';

/**
 * The children of a job's LLG task (tasks document 2.3, 4, 7; docs/decisions.md "LLG children on
 * the server"): each examines one register item (llg_items: a serial number per site among
 * active items), found or created when the child is added.
 */

const SERIAL_KEY = 'llg_items_site_serial_key';

/** The visible LLG parent, or 404 (another namespace's, another company's, unknown or not LLG). */
async function requireParent(db: Db, ctx: RequestContext, id: number, lock = false): Promise<LlgParent> {
  const parent = await parentOf(db, ctx.scope, id, lock);
  if (!parent) throw notFound(TASK_TEXT.notFound);
  if (!parent.is_llg) throw notFound(LLG_TEXT.notLlgParent);
  return parent;
}

/** A child record as the contracts answer it, with the caller's flags. */
function childOf(row: ChildRow, parent: LlgParent, complete: boolean, role: Role): ChildLlgTask {
  const { observationType, checklist: _checklist, ...rest } = row;
  const facts = { status: row.status, observationType, certificateStatus: row.certificateStatus, llgChild: true, hasLocation: false };
  return {
    ...rest,
    complete,
    can: {
      open: can(role, 'tasks.open') && row.status !== 1024,
      inspect: mayInspect(facts, role),
      ...llgChildCan(role, { status: row.status, observationType, parentStatus: parent.status }),
    },
  };
}

async function childrenOf(db: Db, ctx: RequestContext, parent: LlgParent, only?: number): Promise<ChildLlgTask[]> {
  const rows = await childRows(db, parent.id, only);
  const complete = await completeInspections(
    db,
    parent.namespace_id,
    rows.map((r) => ({ namespace_id: parent.namespace_id, task_type_id: r.taskTypeId, checklist: r.checklist })),
  );
  return rows.map((row, index) => childOf(row, parent, complete[index], ctx.scope.role));
}

/** GET /api/Observation/getchildLLG/{id}: the LLG task's child records with their flags. */
export async function childList(ctx: RequestContext, parentId: number): Promise<ChildLlgList> {
  const parent = await requireParent(ctx.db, ctx, parentId);
  return {
    parentId: parent.id,
    booklet: parent.booklet_blob_key ? { blobKey: parent.booklet_blob_key, fileName: parent.booklet_file_name ?? '' } : null,
    canAdd: llgCanAdd(ctx.scope.role, { status: parent.status, observationType: parent.observation_type }),
    children: await childrenOf(ctx.db, ctx, parent),
  };
}

/**
 * The register item of (the parent's site, serial number) among active items: found, or created
 * here. `insert ... on conflict do nothing` on the partial unique index and a lock on the found
 * row make two saves of one serial agree on one item, whatever their order.
 */
async function itemFor(tx: Db, ctx: RequestContext, parent: LlgParent, typeId: number, body: CreateChildBody): Promise<number> {
  const serial = body.llgSerialNumber;
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into llg_items (namespace_id, client_id, site_id, task_type_id, serial_number, specification, acronym_code,
                               safe_working_load, created_by, modified_by)
        values (${parent.namespace_id}::int, ${parent.client_id}::int, ${parent.site_id}::int, ${typeId}::int, ${serial},
                ${body.specification || null}, ${body.acronymCode || null}, ${body.safeWorkingLoad || null}, ${ctx.user.id}::int, ${ctx.user.id}::int)
        on conflict (site_id, lower(serial_number)) where status = 1 do nothing
        returning id`,
  );
  if (created) return Number(created.id);
  const [item] = await queryRows<{ id: number; task_type_id: number }>(
    tx,
    sql`select id, task_type_id from llg_items
         where site_id = ${parent.site_id}::int and lower(serial_number) = lower(${serial}) and status = 1
           for update`,
  );
  if (!item || Number(item.task_type_id) !== typeId)
    throw conflict(LLG_TEXT.serialTaken(serial), { llgSerialNumber: LLG_TEXT.serialTaken(serial) });
  const [live] = await queryRows<{ id: number }>(
    tx,
    sql`select id from tasks where parent_id = ${parent.id}::int and llg_item_id = ${item.id}::int and status not in (64, 1024) limit 1`,
  );
  if (live) throw conflict(LLG_TEXT.serialInParent(serial), { llgSerialNumber: LLG_TEXT.serialInParent(serial) });
  // What the engineer writes down now is the item's latest description.
  await tx.execute(
    sql`update llg_items set specification = coalesce(${body.specification || null}, specification),
               acronym_code = coalesce(${body.acronymCode || null}, acronym_code),
               safe_working_load = coalesce(${body.safeWorkingLoad || null}, safe_working_load),
               modified_by = ${ctx.user.id}::int, modified_at = now()
         where id = ${item.id}::int`,
  );
  return Number(item.id);
}

/** POST /api/createChildLLGObservation: a child record of the LLG task for an item of its site. */
export async function createChild(
  ctx: RequestContext,
  query: { parentLLGTaskId: number; taskTypeId: number },
  body: CreateChildBody,
): Promise<{ message: string; child: ChildLlgTask }> {
  try {
    return await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
      // The parent's lock orders the saves of its children (and its own Submit) one after another.
      const parent = await requireParent(tx, ctx, query.parentLLGTaskId, true);
      if (!LLG_PARENT_OPEN_STATUSES.includes(parent.status)) throw conflict(LLG_TEXT.parentClosed);
      if (!llgCanAdd(ctx.scope.role, { status: parent.status, observationType: parent.observation_type }))
        throw conflict(TASK_TEXT.specialType);
      const [type] = await queryRows<{ id: number; name: string; division_id: number; asset_type_id: number | null; status: number }>(
        tx,
        sql`select id, name, division_id, asset_type_id, status from task_types
             where id = ${query.taskTypeId}::int and namespace_id = ${parent.namespace_id}::int`,
      );
      if (!type || Number(type.status) !== 1 || !isLlgChildTaskType(type.name)) {
        throw badRequest(LLG_TEXT.notChildType, { taskTypeId: LLG_TEXT.notChildType });
      }
      const itemId = await itemFor(tx, ctx, parent, Number(type.id), body);
      const [child] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, type, observation_type, task_type_id, division_id, asset_type_id, site_id,
                               inspector_id, parent_id, llg_item_id, is_llg, due_date, time_zone, status, created_by, modified_by)
            values (${parent.namespace_id}::int, ${parent.job_id}::int, ${`${type.name} - ${body.llgSerialNumber}`}, 1, 1024,
                    ${type.id}::int, ${type.division_id}::int, ${type.asset_type_id}::int, ${parent.site_id}::int,
                    ${parent.inspector_id ?? ctx.user.id}::int, ${parent.id}::int, ${itemId}::int, false,
                    ${parent.due_date}::timestamptz, ${parent.time_zone}, 1, ${ctx.user.id}::int, ${ctx.user.id}::int)
            returning id`,
      );
      await refreshJobStatus(tx, parent.job_id);
      const [answer] = await childrenOf(tx, ctx, parent, Number(child.id));
      return { message: LLG_TEXT.childAdded, child: answer };
    });
  } catch (error) {
    // Another save took the serial number at this site in between (the partial unique index).
    if (isUniqueViolation(error, SERIAL_KEY)) {
      throw conflict(LLG_TEXT.serialTaken(body.llgSerialNumber), { llgSerialNumber: LLG_TEXT.serialTaken(body.llgSerialNumber) });
    }
    throw error;
  }
}

/**
 * DELETE /api/Observation/deleteChildLLGTask/{id}: the record is deleted (1024); its register item
 * stays (it may have history) unless no other examination names it, then it leaves the register.
 */
export async function deleteChild(ctx: RequestContext, id: number): Promise<{ id: number; message: string }> {
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const child = await lockChild(tx, ctx.scope, id);
    if (!child) throw notFound(LLG_TEXT.notLlgChild);
    const flags = llgChildCan(ctx.scope.role, {
      status: child.status,
      observationType: child.observation_type,
      parentStatus: child.parent_status,
    });
    if (!flags.delete) {
      throw conflict(LLG_PARENT_OPEN_STATUSES.includes(child.parent_status) ? LLG_TEXT.childLocked : LLG_TEXT.parentClosed);
    }
    await tx.execute(sql`update tasks set status = 1024, modified_by = ${ctx.user.id}::int, modified_at = now() where id = ${id}::int`);
    if (child.llg_item_id !== null) {
      await tx.execute(
        sql`update llg_items set status = 0, modified_by = ${ctx.user.id}::int, modified_at = now()
             where id = ${child.llg_item_id}::int and status = 1
               and not exists (select 1 from tasks o where o.llg_item_id = llg_items.id and o.id <> ${id}::int and o.status <> 1024)`,
      );
    }
    await refreshJobStatus(tx, child.job_id);
    return { id, message: LLG_TEXT.childDeleted };
  });
}
