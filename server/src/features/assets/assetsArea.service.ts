import type { FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import {
  ASSETS,
  type AssetFile,
  type AssetHistoryAnswer,
  type AssetHistoryQuery,
  type AssetRowAction,
  type AssetViewer,
  assetCan,
  can,
  type FormDefinition,
  type FormValues,
  fieldValue,
  isClientRole,
  isValueField,
  type ItemStatus,
  LOCKED_TASK_STATUSES,
  RESULT_NAMES,
  SHELL,
  TASK_STATUS_LABEL,
  type TaskStatus,
  UPLOAD_KINDS,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { registerFileAccess } from '../../lib/fileAccess';
import { IMAGE_MAX_BYTES, readSingleUpload, storeFile } from '../../lib/files';
import { actorOf, mayUseSite } from '../../lib/scope';
import { loadUserContext } from '../auth';
import { findSite } from '../clients';
import type { RequestContext } from '../context';
import { checkFilledForm, claimFormFiles } from '../dataForms';
import { taskScopeSql } from '../../lib/taskScope';
import { findAsset } from './assets.queries';
import { iso, itemStatusSql } from './assetsArea.sql';

/** Owner type of asset files in `files`: served to whoever may see the asset. */
export const ASSET_FILE_OWNER = 'asset-file';

registerFileAccess(ASSET_FILE_OWNER, async (db, scope, assetId) => {
  if (!can(scope.role, 'assets.read')) return false;
  return (await findAsset(db, scope, assetId)) !== null;
});

/** Task statuses that block a shift (tasks document 2.6): open, ongoing, on hold, amended. */
const OPEN_TASK_STATUSES = [1, 2, 4, 32];
/** Uploads of the Files tab: 45 MB like the job files; images still by their own checks. */
const ASSET_FILE_MAX_BYTES = 47_185_920;
const IMAGE_KINDS = new Set(['png', 'jpg']);

/** An asset the caller may see, or 404. */
async function visibleAsset(ctx: RequestContext, id: number) {
  const asset = await findAsset(ctx.db, ctx.scope, id);
  if (!asset) throw notFound(SHELL.notFound);
  return asset;
}

/**
 * Why the task the asset is opened from keeps it read-only (issue 21; tasks document 2.6 and
 * section 4: statuses 8, 16, 64 and 1024 lock asset editing), or null. The task must be one the
 * caller may see (404) and of this asset (400). No task context: null.
 */
export async function taskLockOf(ctx: RequestContext, assetId: number, observationId: number | undefined): Promise<string | null> {
  if (observationId === undefined) return null;
  const [task] = await queryRows<{ status: TaskStatus; asset_id: number | null }>(
    ctx.db,
    sql`select t.status, t.asset_id from tasks t join jobs j on j.id = t.job_id where t.id = ${observationId}::int and ${taskScopeSql(ctx.scope)}`,
  );
  if (!task) throw notFound(SHELL.notFound);
  if (task.asset_id !== assetId) throw badRequest(ASSETS.taskNotOfAsset, { observationId: ASSETS.taskNotOfAsset });
  return LOCKED_TASK_STATUSES.includes(task.status) ? ASSETS.lockedByTask(TASK_STATUS_LABEL[task.status] ?? String(task.status)) : null;
}

/** Who asks, as the assets policy sees them: role, offices, divisions and the namespace's web-access rules. */
export async function assetViewerOf(ctx: RequestContext): Promise<AssetViewer> {
  const context = await loadUserContext(ctx.db, ctx.user);
  return { subject: context.subject, webAccess: context.webAccess };
}

/**
 * An asset the caller may change: visible (404), a role that may save assets (403), active (409),
 * not locked by the task it is opened from (409), and for a shift or the attributes the tab the
 * assets policy shows this caller (403).
 */
export async function changeableAsset(ctx: RequestContext, id: number, observationId?: number, action: AssetRowAction = 'save') {
  const asset = await visibleAsset(ctx, id);
  if (!can(ctx.user.role, 'assets.update')) throw forbidden(ASSETS.saveRefused);
  if (asset.status !== 1) throw conflict(ASSETS.assetNotActive);
  const lock = await taskLockOf(ctx, id, observationId);
  if (lock) throw conflict(lock);
  if (action !== 'save' && !assetCan(await assetViewerOf(ctx), { id, status: asset.status, lockedBy: lock })[action]) {
    throw forbidden(ASSETS.tabRefused(action === 'attributes' ? 'Attributes' : 'Description'));
  }
  return asset;
}

export async function assetFiles(db: Db, assetId: number): Promise<AssetFile[]> {
  return queryRows<AssetFile>(
    db,
    sql`select f.blob_key as "blobKey", f.file_name as "fileName", f.content_type as "fileType", af.section
          from asset_files af join files f on f.id = af.file_id
         where af.asset_id = ${assetId}::int and af.archived_at is null order by af.section, af.created_at, f.id`,
  );
}

/** What `GET /api/Location/{id}` adds for an asset: the panel's fields, attribute values, files and the caller's rights. */
export async function assetDetailExtra(ctx: RequestContext, id: number, observationId?: number) {
  const { db } = ctx;
  const [row] = await queryRows<{
    acronym_code: string | null;
    external_id: string | null;
    end_user_name: string | null;
    end_user_address: string | null;
    attribute_form: number | null;
    attributes: Record<string, unknown> | null;
    attributes_form_id: number | null;
    attributes_form_revision: number | null;
    due: string | null;
    item_status: ItemStatus | null;
    last_result: number | null;
    status: number;
  }>(
    db,
    sql`select a.acronym_code, a.external_id, a.end_user_name, a.end_user_address, at.attribute_form, a.attributes,
               a.attributes_form_id, a.attributes_form_revision, ${iso(sql`a.due_date`)} as due, ${itemStatusSql} as item_status,
               a.last_result, a.status
          from assets a join asset_types at on at.id = a.asset_type_id where a.id = ${id}::int`,
  );
  const fileList = await assetFiles(db, id);
  const lockedBy = await taskLockOf(ctx, id, observationId);
  const flags = assetCan(await assetViewerOf(ctx), { id, status: row.status, lockedBy });
  return {
    acronymCode: row.acronym_code,
    externalId: row.external_id,
    endUserName: row.end_user_name,
    endUserAddress: row.end_user_address,
    attributeFormId: row.attribute_form,
    // The Attributes tab the caller may not see: its values are not sent either.
    userData: flags.attributes
      ? { formId: row.attributes_form_id, formRevision: row.attributes_form_revision, values: row.attributes ?? {} }
      : { formId: null, formRevision: null, values: {} },
    dueDate: row.due,
    itemStatus: row.item_status,
    lastResult: row.last_result,
    image: fileList.find((f) => f.section === 1)?.blobKey ?? null,
    fileList,
    can: flags,
    lockedBy,
  };
}

/** `GET /api/Location/Observation/{id}`: the asset's open, ongoing, on-hold and amended tasks the caller may see. */
export async function openTasksOf(ctx: RequestContext, id: number) {
  await visibleAsset(ctx, id);
  return queryRows<{ id: number; name: string; status: number; jobNumber: string | null }>(
    ctx.db,
    sql`select t.id, t.name, t.status, j.job_number as "jobNumber" from tasks t join jobs j on j.id = t.job_id
         where t.asset_id = ${id}::int and t.status = any(${sql.param(OPEN_TASK_STATUSES)}::int[]) and ${taskScopeSql(ctx.scope)}
         order by t.id`,
  );
}

/**
 * Moves an asset to another site inside the caller's transaction (SHIFT SITE, and ATTACH ASSET's
 * shift and attach): refused with the spec's text while any task of the asset is open, ongoing,
 * on hold or amended.
 */
export async function moveAssetIn(tx: Db, id: number, siteId: number): Promise<void> {
  // Locks the asset row so a task added meanwhile waits for the move (or the move for it).
  await tx.execute(sql`select id from assets where id = ${id}::int for update`);
  const open = await queryRows<{ id: number }>(
    tx,
    sql`select id from tasks where asset_id = ${id}::int and status = any(${sql.param(OPEN_TASK_STATUSES)}::int[]) limit 1`,
  );
  if (open.length > 0) throw conflict(ASSETS.shiftBlocked);
  await tx.execute(sql`update assets set site_id = ${siteId}::int, modified_at = now() where id = ${id}::int`);
}

/**
 * `POST /api/Location/Asset/{id}/shift` (ours: the spec names the dialog, not its call): moves the
 * asset to another active site of its client. Refused with the spec's text while any task of the
 * asset is open, ongoing, on hold or amended (whoever may see those tasks).
 */
export async function shiftAsset(ctx: RequestContext, id: number, siteId: number, observationId?: number) {
  const asset = await changeableAsset(ctx, id, observationId, 'shift');
  const site = await findSite(ctx.db, ctx.scope, siteId);
  if (site?.status !== 1 || !mayUseSite(ctx.scope, site)) throw notFound(ASSETS.siteNotFound);
  if (site.companyId !== asset.companyId) throw badRequest(ASSETS.siteNotOfClient, { parentId: ASSETS.siteNotOfClient });
  if (site.id === asset.siteId) throw badRequest(ASSETS.shiftSameSite, { parentId: ASSETS.shiftSameSite });
  await inTransaction(ctx.db, actorOf(ctx.user), (tx) => moveAssetIn(tx, id, site.id));
  return { id, parentId: site.id, siteId: site.id, site: site.name, message: ASSETS.assetSavedSuccessfully };
}

function blobKeysIn(definition: FormDefinition, values: FormValues): string[] {
  const keys: string[] = [];
  for (const field of definition.fields) {
    if (!isValueField(field) || !UPLOAD_KINDS.includes(field.kind)) continue;
    const value = fieldValue(values, field.key);
    if (Array.isArray(value)) keys.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return keys;
}

/**
 * `POST /api/Location/Asset/{id}` (JSON `{formId, formRevision, values}` rather than the
 * spec's multipart checklistData: files of the form are uploaded first like every form's):
 * the attribute values of the asset type's form, checked against that revision.
 */
export async function saveAssetAttributes(
  ctx: RequestContext,
  id: number,
  body: { formId: number; formRevision: number; values: Record<string, unknown> },
  observationId?: number,
) {
  await changeableAsset(ctx, id, observationId, 'attributes');
  const [type] = await queryRows<{ attribute_form: number | null }>(
    ctx.db,
    sql`select at.attribute_form from assets a join asset_types at on at.id = a.asset_type_id where a.id = ${id}::int`,
  );
  if (!type.attribute_form) throw badRequest(ASSETS.attributesNoForm, { formId: ASSETS.attributesNoForm });
  if (type.attribute_form !== body.formId)
    throw badRequest(ASSETS.attributesNoForm, { formId: 'is not the attribute form of this asset type' });
  const values = body.values as FormValues;
  const definition = await checkFilledForm(ctx.db, ctx.scope, { formId: body.formId, formRevision: body.formRevision, values });
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    await tx.execute(
      sql`update assets set attributes = ${JSON.stringify(values)}::jsonb, attributes_form_id = ${body.formId}::int,
                 attributes_form_revision = ${body.formRevision}::int, modified_at = now() where id = ${id}::int`,
    );
    await claimFormFiles(tx, ctx.scope, blobKeysIn(definition, values), { ownerType: ASSET_FILE_OWNER, ownerId: id });
  });
  return { id, message: ASSETS.dataSaved };
}

/**
 * The next due date the task's certificate states (DECISIONS 9, tasks.rules `certificateNextDue`
 * in SQL): a Pass's actual inspection date plus the task type's validity in calendar months
 * (in UTC, where `addMonths` counts: 31 Jan + 1 month is the last day of February), nothing
 * for a Fail. Never the task's planned date (`tasks.due_date`). Needs `task_types tt`.
 */
const NEXT_DUE_SQL = sql`case when t.result = 1 and t.actual_inspection_date is not null
  then ((t.actual_inspection_date at time zone 'UTC') + make_interval(months => tt.validity)) at time zone 'UTC' end`;

const HISTORY_SORT: Record<AssetHistoryQuery['sortColumn'], SQL> = {
  actualInspectionDate: sql`t.actual_inspection_date`,
  certificateNumber: sql`t.certificate_number`,
  dueDate: NEXT_DUE_SQL,
  certificateDate: sql`t.certificate_date`,
  jobNumber: sql`j.job_number`,
  inspector: sql`u.name`,
  result: sql`t.result`,
};

/**
 * `GET /api/Observation/Asset?locationId&offset&limit&sortColumn&sortOrder`: the asset's
 * certified tasks (approved or amended, with a certificate number) the caller may see. Client
 * roles get no certificate date, job, inspector or field report (tasks document 2.6).
 */
export async function assetHistory(ctx: RequestContext, query: AssetHistoryQuery): Promise<AssetHistoryAnswer> {
  await visibleAsset(ctx, query.locationId);
  const where = sql`t.asset_id = ${query.locationId}::int and t.certificate_number is not null and t.status in (16, 32) and ${taskScopeSql(ctx.scope)}`;
  const order = query.sortOrder.toLowerCase() === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<{
      id: number;
      inspected: string | null;
      certificate_number: string | null;
      revision: number;
      blob_key: string | null;
      file_name: string | null;
      has_field_report: boolean;
      due: string | null;
      inspector: string | null;
      job_number: string;
      certificate_date: string | null;
      result: number | null;
    }>(
      ctx.db,
      sql`select t.id, ${iso(sql`t.actual_inspection_date`)} as inspected, t.certificate_number, t.revision,
                 f.blob_key, f.file_name, t.field_report_file_id is not null as has_field_report, ${iso(NEXT_DUE_SQL)} as due,
                 u.name as inspector, j.job_number, ${iso(sql`t.certificate_date`)} as certificate_date, t.result
            from tasks t join jobs j on j.id = t.job_id join task_types tt on tt.id = t.task_type_id
            left join users u on u.id = t.inspector_id
            left join files f on f.id = t.certificate_file_id
           where ${where}
           order by ${HISTORY_SORT[query.sortColumn]} ${order}, t.id desc offset ${query.offset}::int limit ${query.limit}::int`,
    ),
    queryRows<{ total: number }>(ctx.db, sql`select count(*)::int as total from tasks t join jobs j on j.id = t.job_id where ${where}`),
  ]);
  const client = isClientRole(ctx.user.role);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      actualInspectionDate: r.inspected,
      certificateNumber: r.certificate_number,
      revision: r.revision,
      certificateFile: r.blob_key ? { blobKey: r.blob_key, fileName: r.file_name ?? '' } : null,
      dueDate: r.due,
      observationResult: r.result,
      result: r.result ? (RESULT_NAMES[r.result] ?? null) : null,
      ...(client
        ? {}
        : {
            fieldReport: r.has_field_report ? `/api/filedownload?id=${r.id}&category=2` : null,
            inspector: r.inspector,
            jobNumber: r.job_number,
            certificateDate: r.certificate_date,
          }),
    })),
  };
}

/**
 * `POST /api/Location/saveAttachment/{id}?section=` (multipart `locationFile`): one file, checked
 * by content (png, jpeg, pdf, doc, docx, xls, xlsx, csv). Without a section an image goes to
 * Primary Photo when the asset has none, else Other Photos; a document to File Attachments.
 */
export async function uploadAssetFile(
  ctx: RequestContext,
  request: FastifyRequest,
  id: number,
  section: number | undefined,
  observationId?: number,
) {
  await changeableAsset(ctx, id, observationId);
  const upload = await readSingleUpload(
    request,
    ctx.app.blobs,
    'locationFile',
    ['png', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'],
    ASSET_FILE_MAX_BYTES,
    { image: 'photo' },
  );
  const image = IMAGE_KINDS.has(upload.kind);
  if (image && (upload.uploadedSize ?? upload.size) > IMAGE_MAX_BYTES)
    throw badRequest('Images may be at most 5 MB', { locationFile: 'too large' }); // (ours)
  if (section !== undefined && section !== 4 && !image)
    throw badRequest('Photos must be png or jpeg images', { locationFile: 'must be an image' }); // (ours)
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    let chosen = section;
    if (chosen === undefined) {
      if (!image) chosen = 4;
      else {
        const primary = await queryRows<{ n: number }>(
          tx,
          sql`select 1 as n from asset_files where asset_id = ${id}::int and section = 1 and archived_at is null limit 1`,
        );
        chosen = primary.length ? 2 : 1;
      }
    }
    if (chosen === 1) {
      // One primary photo: the one it replaces moves to Other Photos.
      await tx.execute(sql`update asset_files set section = 2 where asset_id = ${id}::int and section = 1 and archived_at is null`);
    }
    const stored = await storeFile(tx, {
      namespaceId: ctx.scope.namespaceId,
      ownerType: ASSET_FILE_OWNER,
      ownerId: id,
      createdBy: ctx.user.id,
      upload,
    });
    await tx.execute(sql`insert into asset_files (asset_id, file_id, section) values (${id}::int, ${stored.id}::int, ${chosen}::int)`);
  });
  return { message: ASSETS.fileUploaded, fileList: await assetFiles(ctx.db, id) };
}

/** `POST /api/Location/deleteAttachment/{id}` with `{blobKey}`: archives the file (404 when it is not a live file of the asset). */
export async function archiveAssetFile(ctx: RequestContext, id: number, blobKey: string, observationId?: number) {
  await changeableAsset(ctx, id, observationId);
  const archived = await inTransaction(ctx.db, actorOf(ctx.user), (tx) =>
    queryRows<{ file_id: number }>(
      tx,
      sql`update asset_files af set archived_at = now() from files f
           where f.id = af.file_id and af.asset_id = ${id}::int and f.blob_key = ${blobKey} and af.archived_at is null
           returning af.file_id`,
    ),
  );
  if (archived.length === 0) throw notFound(ASSETS.assetFileNotFound);
  return { message: ASSETS.fileArchived, fileList: await assetFiles(ctx.db, id) };
}
