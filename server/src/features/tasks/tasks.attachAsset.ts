import { sql } from 'drizzle-orm';
import { ASSETS, AssetBody, type AttachAssetAnswer, attachableTask, can, SHELL, TASK_TEXT } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { parseBody } from '../../lib/parseBody';
import { actorOf } from '../../lib/scope';
import { findAsset, saveAssetIn, moveAssetIn } from '../assets';
import type { RequestContext } from '../context';
import { auditNote, lockedFacts, lockTask } from './tasks.lock';

/**
 * ATTACH ASSET (tasks document 2.2, 4; `POST /api/Observation/Asset/{taskId}/{assetId}?isShiftAndAttach`):
 * gives a task without a location its asset, in one transaction with the task locked.
 * - An existing asset of the task's site: 'Location <name> attached successfully'.
 * - One on another site of the task's client: only with `isShiftAndAttach=true`, which shifts it
 *   to the task's site first (refused with the spec's text while it has open tasks).
 * - `assetId` 0: the body is a new asset on the task's client and site, saved with every rule of
 *   an asset save, then attached: 'New Asset added and attached successfully to observation'.
 * The asset must be of the task's asset type when the task has one; a task without one takes
 * the asset's. Refused: 403 for a role without `tasks.attachAsset`, 404 for a task or asset the
 * caller may not see, 409 for a task that has an asset or is past inspection, or an LLG task.
 */
export async function attachAsset(
  ctx: RequestContext,
  taskId: number,
  assetId: number,
  query: { isShiftAndAttach?: boolean },
  rawBody: unknown,
): Promise<AttachAssetAnswer> {
  if (!can(ctx.scope.role, 'tasks.attachAsset')) throw forbidden(TASK_TEXT.updateError);
  const newAsset = assetId === 0 ? parseBody(AssetBody, rawBody ?? {}) : null;
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, taskId);
    if (task.asset_id !== null) throw conflict(TASK_TEXT.alreadyHasAsset);
    if (!attachableTask(lockedFacts(task))) throw conflict(TASK_TEXT.notAttachable);
    const [place] = await queryRows<{ company_id: number; asset_type_id: number | null; asset_type: string | null }>(
      tx,
      sql`select s.company_id, t.asset_type_id, at.name as asset_type
            from tasks t join sites s on s.id = t.site_id left join asset_types at on at.id = t.asset_type_id
           where t.id = ${taskId}::int`,
    );
    const ofTaskType = (typeId: number) => {
      if (place.asset_type_id !== null && typeId !== place.asset_type_id)
        throw conflict(TASK_TEXT.assetOfOtherType(place.asset_type ?? ''), {
          assetTypeId: TASK_TEXT.assetOfOtherType(place.asset_type ?? ''),
        });
    };

    let id: number;
    let name: string;
    let shifted = false;
    if (newAsset) {
      if (newAsset.id !== undefined || newAsset.companyId !== place.company_id || newAsset.parentId !== task.site_id)
        throw badRequest(TASK_TEXT.newAssetOnTaskSite, { parentId: TASK_TEXT.newAssetOnTaskSite });
      ofTaskType(newAsset.assetTypeId);
      id = await saveAssetIn(tx, ctx, newAsset);
      name = newAsset.name;
    } else {
      const asset = await findAsset(tx, ctx.scope, assetId);
      if (!asset) throw notFound(SHELL.notFound);
      if (asset.status !== 1) throw conflict(ASSETS.assetNotActive);
      if (asset.companyId !== place.company_id) throw conflict(TASK_TEXT.assetOfOtherClient);
      ofTaskType(asset.assetTypeId);
      if (asset.siteId !== task.site_id) {
        if (!query.isShiftAndAttach) throw conflict(TASK_TEXT.assetOnOtherSite);
        if (!can(ctx.scope.role, 'assets.update')) throw forbidden(ASSETS.saveRefused);
        await moveAssetIn(tx, asset.id, task.site_id);
        shifted = true;
      }
      id = asset.id;
      name = asset.name;
    }
    await tx.execute(
      sql`update tasks set asset_id = ${id}::int,
                 asset_type_id = coalesce(asset_type_id, (select asset_type_id from assets where id = ${id}::int)),
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${taskId}::int`,
    );
    await auditNote(tx, ctx, taskId, {
      action: 'attachAsset',
      from: task.status,
      to: task.status,
      assetId: id,
      shifted,
      created: !!newAsset,
    });
    return {
      id: taskId,
      locationId: id,
      location: name,
      message: newAsset ? TASK_TEXT.newAssetAttached : TASK_TEXT.locationAttached(name),
      shifted,
    };
  });
}
