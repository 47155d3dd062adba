import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  type ChecklistAnswer,
  ChecklistData,
  type ChecklistNode,
  type ChecklistSaveAnswer,
  defectProblem,
  effectiveResult,
  mayInspect,
  type NodeForm,
  type NodeUserData,
  rollUpInspection,
  summarise,
  TASK_TEXT,
  type TaskChecklist,
  TOP_SECTION_MARKER,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { registerFileAccess } from '../../lib/fileAccess';
import { parseBody } from '../../lib/parseBody';
import { actorOf, type Scope } from '../../lib/scope';
import type { RequestContext } from '../context';
import { checkFilledForm, checkFilledSamples, claimFormFiles, FORM_FILE_OWNER } from '../dataForms';
import { refreshJobStatus } from '../jobs';
import { canSeeTask, taskScopeSql } from '../../lib/taskScope';
import { formLookupOf, taskTypeChecklist } from './tasks.inspection';
import { auditNote, lockedFacts, lockTask } from './tasks.lock';

/** Owner type of the files kept with a task's checklist (claimed from the form files on save). */
export const TASK_FILE_OWNER = 'task-file';
registerFileAccess(TASK_FILE_OWNER, (db, scope, taskId) => canSeeTask(db, scope, taskId));

const MULTIPLE = 'MULTIPLE';

async function formsOf(db: Db, namespaceId: number, ids: number[]): Promise<Map<number, NodeForm>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; revision: number; form_type: string; samples_min: number; samples_max: number }>(
    db,
    sql`select id, name, revision, form_type, samples_min, samples_max from data_forms
         where id = any(${sql.param(ids)}::int[]) and namespace_id = ${namespaceId}::int`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        formId: Number(r.id),
        formName: r.name,
        formRevision: Number(r.revision),
        formType: r.form_type,
        samplesMin: r.form_type === MULTIPLE ? Number(r.samples_min) : null,
        samplesMax: r.form_type === MULTIPLE ? Number(r.samples_max) : null,
      },
    ]),
  );
}

const formIdsOf = (checklist: TaskChecklist) => [
  ...new Set(
    checklist.sections.flatMap((s) => [s.formId, ...s.items.map((i) => i.formId)]).filter((id): id is number => typeof id === 'number'),
  ),
];

/** The task's checklist as the spec's flat nodes: each section (parent -100), then its items. */
export function checklistNodes(checklist: TaskChecklist, forms: Map<number, NodeForm>): ChecklistNode[] {
  const nodes: ChecklistNode[] = [];
  let sequence = 0;
  for (const section of checklist.sections) {
    nodes.push({
      id: section.id,
      nodeType: 'SECTION',
      parentSectionId: TOP_SECTION_MARKER as -100,
      displayName: section.name,
      name: section.name,
      description: section.description ?? null,
      sectionFormId: section.formId ?? null,
      iconGroupId: null,
      itemKey: null,
      itemResult: null,
      reportCategory: null,
      sectionLevel: 1,
      sequenceNumber: ++sequence,
      taskTypeId: checklist.taskTypeId,
      form: section.formId ? (forms.get(section.formId) ?? null) : null,
      userData: section.userData,
      defect: section.defect ?? null,
      savedBy: section.savedBy ?? null,
      savedAt: section.savedAt ?? null,
    });
    for (const item of section.items) {
      nodes.push({
        id: item.id,
        nodeType: 'ITEM',
        parentSectionId: section.id,
        displayName: item.name,
        name: item.name,
        description: item.description ?? null,
        sectionFormId: item.formId ?? null,
        iconGroupId: null,
        itemKey: item.id,
        itemResult: item.result,
        reportCategory: item.reportCategory ?? null,
        sectionLevel: 2,
        sequenceNumber: ++sequence,
        taskTypeId: checklist.taskTypeId,
        form: item.formId ? (forms.get(item.formId) ?? null) : null,
        userData: item.userData,
        defect: item.defect ?? null,
        savedBy: item.savedBy ?? null,
        savedAt: item.savedAt ?? null,
      });
    }
  }
  return nodes;
}

/** GET /api/Observation/{id}/checklist: the task's checklist (the task type's, empty, before it was opened). */
export async function taskChecklist(ctx: RequestContext, id: number): Promise<ChecklistAnswer> {
  const [task] = await queryRows<{
    status: number;
    result: number | null;
    checklist: TaskChecklist | null;
    task_type_id: number;
    observation_type: number;
    is_llg: boolean;
    asset_id: number | null;
    certificate_status: number | null;
    parent_id: number | null;
  }>(
    ctx.db,
    sql`select t.status, t.result, t.checklist, t.task_type_id, t.observation_type, t.is_llg, t.asset_id, t.certificate_status, t.parent_id
          from tasks t join jobs j on j.id = t.job_id where t.id = ${id}::int and ${taskScopeSql(ctx.scope)}`,
  );
  if (!task) throw notFound(TASK_TEXT.notFound);
  const checklist = task.checklist ?? (await taskTypeChecklist(ctx.db, ctx.scope.namespaceId, task.task_type_id));
  const forms = await formsOf(ctx.db, ctx.scope.namespaceId, formIdsOf(checklist));
  const editable = mayInspect(
    {
      status: task.status,
      observationType: task.observation_type,
      certificateStatus: task.certificate_status,
      isLlg: task.is_llg,
      llgChild: task.parent_id !== null,
      hasLocation: task.asset_id !== null,
    },
    ctx.scope.role,
  );
  const lookup = await formLookupOf(ctx.db, ctx.scope.namespaceId, checklist);
  return {
    observationId: id,
    status: task.status,
    result: task.result,
    editable,
    nodes: checklistNodes(checklist, forms),
    inspection: summarise(checklist, lookup),
  };
}

// ---------------------------------------------------------------------------------------------
// POST /api/apptaskuploadWeb

/**
 * Reads the save's fields: multipart (observationId, checklistData as JSON text) as the spec
 * sends it, or a JSON body with the same fields. Files are not taken here: they are uploaded
 * first with POST /api/Setting/formfile and named by blobKey in checklistData (docs/decisions.md).
 */
async function readSaveFields(request: FastifyRequest): Promise<{ observationId: unknown; checklistData: unknown }> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(TASK_TEXT.saveChecklistError);
    return { observationId: body.observationId, checklistData: body.checklistData };
  }
  const fields: Record<string, unknown> = Object.create(null);
  try {
    for await (const part of request.parts({ limits: { fields: 10, fileSize: 1, files: 0, fieldSize: 20_000_000, parts: 10 } })) {
      if (part.type === 'file') {
        part.file.resume();
        throw badRequest(TASK_TEXT.filesFirst, { uploadFile: TASK_TEXT.filesFirst });
      }
      if (part.fieldname === 'observationId' || part.fieldname === 'checklistData') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(TASK_TEXT.filesFirst, { uploadFile: TASK_TEXT.filesFirst });
  }
  return { observationId: fields.observationId, checklistData: fields.checklistData };
}

function parseChecklistData(value: unknown) {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw badRequest(TASK_TEXT.saveChecklistError, { checklistData: 'must be JSON' });
    }
  }
  // Accept { nodes: [...] } as well as the plain list.
  if (data && typeof data === 'object' && !Array.isArray(data) && Array.isArray((data as { nodes?: unknown }).nodes)) {
    data = (data as { nodes: unknown }).nodes;
  }
  return parseBody(ChecklistData, data);
}

function parseObservationId(value: unknown): number {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]{1,10}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw badRequest('observationId is required', { observationId: 'is required' });
  return n;
}

/** The blob keys a node's data names: its files, its records' files and upload answers (lists of keys). */
function blobKeysOf(userData: NodeUserData): string[] {
  const keys = new Set<string>();
  for (const f of userData.files) keys.add(f.blobKey);
  for (const record of userData.records) {
    for (const f of record.attributesFiles) keys.add(f.blobKey);
    for (const value of Object.values(record.attributes)) {
      if (Array.isArray(value)) for (const v of value) if (typeof v === 'string' && v.length <= 100) keys.add(v);
    }
  }
  return [...keys];
}

/** Checks one node's records against their forms; 400 'Unable to save form due to incorrect data' with fields `<node>.<field>`. */
async function checkRecords(
  tx: Db,
  scope: Scope,
  nodeId: string,
  formId: number | null | undefined,
  userData: NodeUserData,
  forms: Map<number, NodeForm>,
) {
  if (userData.records.length === 0) return;
  const fail = (fields: Record<string, string>) => {
    const prefixed: Record<string, string> = Object.create(null);
    for (const [key, message] of Object.entries(fields)) prefixed[`${nodeId}.${key}`] = message;
    return badRequest(TASK_TEXT.incorrectFormData, prefixed);
  };
  if (!formId) throw fail({ records: 'this node has no form' });
  if (userData.records.some((r) => r.formId !== formId)) throw fail({ formId: 'must be the form of this node' });
  const form = forms.get(formId);
  if (!form) throw fail({ formId: 'is not a form of this namespace' });
  const revisions = new Set(userData.records.map((r) => r.formRevision));
  if (revisions.size > 1) throw fail({ formRevision: 'all samples must use one revision' });
  try {
    if (form.formType === MULTIPLE) {
      await checkFilledSamples(tx, scope, {
        formId,
        formRevision: userData.records[0].formRevision,
        samples: userData.records.map((r) => r.attributes as Record<string, never>),
      });
    } else {
      if (userData.records.length > 1) throw fail({ records: 'this form is filled in once' });
      await checkFilledForm(tx, scope, {
        formId,
        formRevision: userData.records[0].formRevision,
        values: userData.records[0].attributes as Record<string, never>,
      });
    }
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 400 || error.statusCode === 404)) {
      throw fail(error.fields ?? { form: error.message });
    }
    throw error;
  }
}

/** Drops the files marked deleted (the mark lives until the save). */
const withoutDeleted = (userData: NodeUserData): NodeUserData => ({
  records: userData.records.map((r) => ({ ...r, attributesFiles: r.attributesFiles.filter((f) => !f.deleted) })),
  files: userData.files.filter((f) => !f.deleted),
});

export async function saveChecklist(ctx: RequestContext, request: FastifyRequest): Promise<ChecklistSaveAnswer> {
  const fields = await readSaveFields(request);
  const id = parseObservationId(fields.observationId);
  const data = parseChecklistData(fields.checklistData);
  const { role } = ctx.scope;
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    if (!mayInspect(lockedFacts(task), role)) throw conflict(TASK_TEXT.notInspectable);
    const checklist: TaskChecklist = task.checklist ?? (await taskTypeChecklist(tx, ctx.scope.namespaceId, task.task_type_id));
    const forms = await formsOf(tx, ctx.scope.namespaceId, formIdsOf(checklist));
    const sections = new Map(checklist.sections.map((s) => [s.id, s]));
    const items = new Map(checklist.sections.flatMap((s) => s.items.map((i) => [i.id, i] as const)));
    const keys = new Set<string>();
    const savedAt = new Date().toISOString();
    const touched: ((typeof checklist.sections)[number] | (typeof checklist.sections)[number]['items'][number])[] = [];
    for (const input of data) {
      const section = sections.get(input.id);
      const item = items.get(input.id);
      const node = section ?? item;
      if (!node) throw badRequest(TASK_TEXT.incorrectFormData, { [input.id]: TASK_TEXT.unknownNode(input.id) });
      // A save that says what it last saw (a queued offline save, issue 21) does not overwrite a
      // later change by someone else: 409 naming the node. The same user's own later saves pass.
      if (input.expected !== undefined && (node.savedAt ?? null) !== input.expected && node.savedBy !== ctx.user.id) {
        throw conflict(TASK_TEXT.nodeChanged(node.name));
      }
      if (item && input.itemResult !== undefined) item.result = input.itemResult ?? null;
      if (input.userData !== undefined) {
        const userData = input.userData === null ? null : withoutDeleted(input.userData);
        if (userData) {
          await checkRecords(tx, ctx.scope, input.id, node.formId, userData, forms);
          for (const key of blobKeysOf(userData)) keys.add(key);
        }
        node.userData = userData;
      }
      if (input.defect !== undefined) node.defect = input.defect ?? null;
      // The performing inspector is whoever saved the node's result or data (DECISIONS 9).
      node.savedBy = ctx.user.id;
      node.savedAt = savedAt;
      touched.push(node);
    }
    // A fail in a result field fails its item; a failed node must record its defect (DECISIONS 9).
    const lookup = await formLookupOf(tx, ctx.scope.namespaceId, checklist);
    const problems: Record<string, string> = Object.create(null);
    for (const node of touched) {
      const result = effectiveResult(node, lookup);
      if ('result' in node && result === 'fail') node.result = 'fail';
      if (result === 'na' && node.defect) node.defect = null;
      const problem = defectProblem(result, node.defect);
      if (problem) problems[`${node.id}.defect`] = problem;
    }
    if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems)[0], problems);
    // Every file named must be a form file of this namespace not yet kept, or one this task already keeps.
    const named = [...keys];
    const fileKeys = [
      ...new Set(
        data.flatMap((n) =>
          n.userData
            ? [...n.userData.files, ...n.userData.records.flatMap((r) => r.attributesFiles)].filter((f) => !f.deleted).map((f) => f.blobKey)
            : [],
        ),
      ),
    ];
    if (fileKeys.length > 0) {
      const known = await queryRows<{ blob_key: string }>(
        tx,
        sql`select blob_key from files where namespace_id = ${ctx.scope.namespaceId}::int and blob_key = any(${sql.param(fileKeys)}::text[])
              and (owner_type = ${FORM_FILE_OWNER} or (owner_type = ${TASK_FILE_OWNER} and owner_id = ${id}::int))`,
      );
      const present = new Set(known.map((k) => k.blob_key));
      const missing = fileKeys.find((k) => !present.has(k));
      if (missing) throw badRequest(TASK_TEXT.incorrectFormData, { files: TASK_TEXT.unknownFile });
    }
    await claimFormFiles(tx, ctx.scope, named, { ownerType: TASK_FILE_OWNER, ownerId: id });
    const result = rollUpInspection(checklist, lookup);
    // The first save of an open or held task starts it (2, ongoing); an amended task stays amended.
    const status = task.status === 1 || task.status === 4 ? 2 : task.status;
    await tx.execute(
      sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, result = ${result}::int, status = ${status}::int,
                 modified_by = ${ctx.user.id}::int, modified_at = now() where id = ${id}::int`,
    );
    if (status !== task.status) {
      await auditNote(tx, ctx, id, { action: 'checklistSaved', from: task.status, to: status });
      await refreshJobStatus(tx, task.job_id);
    }
    return { message: TASK_TEXT.checklistSaved, observationId: id, status, result, savedAt };
  });
}
