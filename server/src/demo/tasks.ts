import { sql } from 'drizzle-orm';
import {
  type Checklist,
  type FormDefinition,
  type FormValues,
  isValueField,
  type FormLookup,
  type ItemResult,
  rollUpInspection,
  type TaskChecklist,
} from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { enqueueTaskDocuments } from '../features/documents';
import { issueDemoRevisions } from './certificates';
import { addMonths, checklistFromTaskType } from '../features/tasks';
import { queryRows } from '../db/rows';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { createRandom, type Random } from './random';

/**
 * Values that pass a form definition: each shown value field gets a valid answer (numbers at
 * their minimum or default, the first option, 'pass', today...). Used by the demo data and tests.
 */
export function sampleValues(def: FormDefinition, random?: Random): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    if (!isValueField(field)) continue;
    switch (field.kind) {
      case 'text':
        values[field.key] = random ? random.pick(['OK', 'Satisfactory', 'As found', 'No defects']) : 'OK';
        break;
      case 'textarea':
        if (field.required) values[field.key] = 'No defects found';
        break;
      case 'number': {
        const min = field.min ?? 1;
        const max = field.max ?? min + 10;
        const decimals = field.decimals ?? 0;
        const value = random ? min + ((max - min) * 0.1 * random.int(0, 5)) / 5 : (field.default ?? min);
        values[field.key] = Number(value.toFixed(decimals));
        break;
      }
      case 'date':
        values[field.key] = new Date().toISOString().slice(0, 10);
        break;
      case 'time':
        values[field.key] = '09:30';
        break;
      case 'select':
        values[field.key] = field.options[0]?.value;
        break;
      case 'multiselect':
        if (field.required) values[field.key] = [field.options[0]?.value];
        break;
      case 'yesno':
        values[field.key] = true;
        break;
      case 'passfail':
        values[field.key] = 'pass';
        break;
      default:
        break;
    }
  }
  return values;
}

interface FormInfo {
  id: number;
  name: string;
  revision: number;
  form_type: string;
  samples_min: number;
  definition: FormDefinition;
}

export async function formsOf(tx: Db, namespaceId: number): Promise<Map<number, FormInfo>> {
  const rows = await queryRows<FormInfo>(
    tx,
    sql`select id, name, revision, form_type, samples_min, definition from data_forms where namespace_id = ${namespaceId}::int`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The rules' view of the namespace's forms (current revisions only: what the demo fills in). */
export function lookupOfForms(forms: Map<number, FormInfo>): FormLookup {
  return {
    definition: (formId, revision) => {
      const form = forms.get(formId);
      return form && Number(form.revision) === revision ? form.definition : undefined;
    },
    form: (formId) => {
      const form = forms.get(formId);
      if (!form) return undefined;
      const multiple = form.form_type === 'MULTIPLE';
      return { name: form.name, multiple, samplesMin: multiple ? Number(form.samples_min) : 0, current: form.definition };
    },
  };
}

/**
 * A task type's checklist filled in: every item (or the first `share` of them) with a result and
 * its form's values; sections with a form get theirs (a MULTIPLE form its minimum samples).
 */
export function filledChecklist(
  taskTypeId: number,
  source: Checklist,
  forms: Map<number, FormInfo>,
  options: { share?: number; failOne?: boolean; random?: Random } = {},
): TaskChecklist {
  const checklist = checklistFromTaskType(taskTypeId, source);
  const share = options.share ?? 1;
  const userDataOf = (formId: number | null | undefined) => {
    const form = formId ? forms.get(formId) : undefined;
    if (!form) return { records: [], files: [] };
    const samples = form.form_type === 'MULTIPLE' ? Math.max(1, Number(form.samples_min)) : 1;
    return {
      records: Array.from({ length: samples }, () => ({
        formId: Number(form.id),
        formName: form.name,
        formRevision: Number(form.revision),
        formRecordId: randomUUID(),
        attributes: sampleValues(form.definition, options.random),
        attributesFiles: [],
      })),
      files: [],
    };
  };
  const items = checklist.sections.flatMap((s) => s.items);
  const filled = Math.ceil(items.length * share);
  let index = 0;
  for (const section of checklist.sections) {
    if (share >= 1 && section.formId) section.userData = userDataOf(section.formId);
    for (const item of section.items) {
      if (index++ >= filled) continue;
      const result: ItemResult = options.random?.chance(0.08) ? 'na' : 'pass';
      item.result = result;
      item.userData = userDataOf(item.formId);
    }
  }
  if (options.failOne && items.length > 0) {
    const failed = items[items.length - 1];
    failed.result = 'fail';
    failed.defect = {
      description: `${failed.name}: worn beyond the manufacturer's discard criteria`,
      danger: 2,
      remedialAction: 'Replace before the remedy date and present for re-examination',
      remedyBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    };
  }
  return checklist;
}

/**
 * A complete checklist of the task type, every item passed (or the last one failed, with its
 * defect): what a finished inspection holds. A fixture of the tests and the bench as well.
 */
export async function completedChecklist(
  db: Db,
  namespaceId: number,
  taskTypeId: number,
  options: { failOne?: boolean; inspectorId?: number } = {},
): Promise<{ checklist: TaskChecklist; result: 1 | 2 | 3 }> {
  const forms = await formsOf(db, namespaceId);
  const [type] = await queryRows<{ checklist: Checklist }>(
    db,
    sql`select checklist from task_types where id = ${taskTypeId}::int and namespace_id = ${namespaceId}::int`,
  );
  const checklist = filledChecklist(taskTypeId, type?.checklist ?? { sections: [] }, forms, { failOne: options.failOne });
  if (options.inspectorId !== undefined) {
    const at = new Date().toISOString();
    for (const section of checklist.sections)
      for (const item of section.items) {
        item.savedBy = options.inspectorId;
        item.savedAt = at;
      }
  }
  return { checklist, result: rollUpInspection(checklist, lookupOfForms(forms)) };
}

/**
 * The inspection work of the demo tasks (issue 10, full demo only): ongoing and held tasks half
 * filled in, submitted, approved and amended ones filled in with a result and an actual
 * inspection date; approved and amended ones with the approver, a certificate number from the
 * CERTIFICATE sequence of their office and division and the asset's last result and due date.
 * The demo accounts field-engg@ and approver@ get open, submitted and approved tasks of their
 * own, and a handful of submitted and approved tasks have their documents queued, so the
 * worker makes their PDFs after start.
 */
export async function seedTaskWork(db: Db, ns: SeededNamespace, options: { seed: number; publicUrl: string }): Promise<void> {
  const random = createRandom(options.seed);
  await inTransaction(db, { userId: null, namespaceId: ns.id }, async (tx) => {
    const forms = await formsOf(tx, ns.id);
    const types = new Map(
      (
        await queryRows<{ id: number; checklist: Checklist; validity: number }>(
          tx,
          sql`select id, checklist, validity from task_types where namespace_id = ${ns.id}::int`,
        )
      ).map((t) => [Number(t.id), t]),
    );
    const fieldEngg = ns.accounts[`field-engg@${ns.name}.test`];
    const approver = ns.accounts[`approver@${ns.name}.test`];
    const approvers = await queryRows<{ id: number }>(
      tx,
      sql`select u.id from users u join roles r on r.id = u.role_id where u.namespace_id = ${ns.id}::int and u.status = 1
            and r.base_role in ('APPROVER', 'APPROVER-ONLY')`,
    );
    const fieldEnggOffices = new Set(
      (
        await queryRows<{ office_id: number }>(
          tx,
          sql`select office_id from users where id = ${fieldEngg ?? 0}::int union select office_id from user_offices where user_id = ${fieldEngg ?? 0}::int`,
        )
      ).map((r) => Number(r.office_id)),
    );
    const tasks = await queryRows<{
      id: number;
      job_id: number;
      status: number;
      task_type_id: number;
      division_id: number;
      asset_id: number | null;
      inspector_id: number | null;
      office_id: number;
      office_code: string;
      division_code: string;
      start_date: Date | string;
    }>(
      tx,
      sql`select t.id, t.job_id, t.status, t.task_type_id, t.division_id, t.asset_id, t.inspector_id, j.office_id,
                 o.code as office_code, d.code as division_code,
                 j.start_date
            from tasks t join jobs j on j.id = t.job_id join offices o on o.id = j.office_id join divisions d on d.id = t.division_id
           where t.namespace_id = ${ns.id}::int and not t.is_llg
           order by t.id`,
    );
    const mine = new Map<number, number>();
    // DECISIONS 9's showcases, on the first approved tasks with an asset: a Fail with a dangerous
    // defect, a Pass with an observation, and a certificate amended into a second revision.
    const showcase: Record<'dangerous' | 'observation' | 'amended', number | null> = { dangerous: null, observation: null, amended: null };
    for (const task of tasks.filter((t) => Number(t.status) === 16 && t.asset_id !== null && types.has(Number(t.task_type_id)))) {
      const free = (Object.keys(showcase) as (keyof typeof showcase)[]).find((k) => showcase[k] === null);
      if (!free) break;
      showcase[free] = Number(task.id);
    }
    for (const task of tasks) {
      const type = types.get(Number(task.task_type_id));
      if (!type) continue;
      const status = Number(task.status);
      const started = new Date(task.start_date);
      // The demo field engineer's own tasks: a few open, submitted and approved ones of their offices.
      let own = false;
      if (
        fieldEngg &&
        task.asset_id !== null &&
        fieldEnggOffices.has(Number(task.office_id)) &&
        [1, 8, 16].includes(status) &&
        (mine.get(status) ?? 0) < 4
      ) {
        mine.set(status, (mine.get(status) ?? 0) + 1);
        own = true;
        await tx.execute(sql`update tasks set inspector_id = ${fieldEngg}::int where id = ${task.id}::int`);
        await tx.execute(
          sql`insert into job_inspectors (job_id, user_id) select ${task.job_id}::int, ${fieldEngg}::int
               where not exists (select 1 from jobs where id = ${task.job_id}::int and main_inspector_id = ${fieldEngg}::int)
              on conflict do nothing`,
        );
      }
      if (![2, 4, 8, 16, 32].includes(status)) continue;
      const partial = status === 2 || status === 4;
      const checklist = filledChecklist(Number(task.task_type_id), type.checklist, forms, {
        share: partial ? 0.5 : 1,
        failOne: !partial && random.chance(0.12) && task.id !== showcase.observation,
        random,
      });
      const answered = checklist.sections.flatMap((section) => section.items).filter((item) => item.result !== null);
      const firstItem = answered.find((item) => item.reportCategory === 'VISUAL') ?? answered[0];
      if (task.id === showcase.dangerous && firstItem) {
        firstItem.result = 'fail';
        firstItem.defect = {
          description: `${firstItem.name}: 45 mm crack found; the equipment was taken out of service on site`,
          danger: 1,
          remedialAction: 'Repair by the manufacturer, then a new thorough examination before use',
          remedyBy: null,
        };
      }
      if (task.id === showcase.observation && firstItem) {
        firstItem.result = 'pass';
        firstItem.defect = {
          description: 'Light surface corrosion; no loss of section',
          danger: 3,
          remedialAction: 'Clean and repaint at the next service',
          remedyBy: null,
        };
      }
      // The performing inspector (DECISIONS 9): whoever the task is assigned to saved its results.
      const performer = own ? fieldEngg : (task.inspector_id ?? fieldEngg);
      const savedAt = new Date(started.getTime() + 3_600_000).toISOString();
      if (performer)
        for (const section of checklist.sections)
          for (const node of [section, ...section.items])
            if (node.userData || ('result' in node && node.result !== null)) {
              node.savedBy = performer;
              node.savedAt = savedAt;
            }
      const result = rollUpInspection(checklist, lookupOfForms(forms));
      const inspected = new Date(started.getTime() + random.int(1, 8) * 3_600_000);
      // Load tests name the equipment that applied the load, with its calibration (DECISIONS 9).
      const loadTested = checklist.sections.some((section) => section.items.some((item) => item.reportCategory === 'LOAD TEST'));
      const equipment = loadTested
        ? [
            {
              name: 'Load cell 50 t with digital indicator',
              identifier: `LC-50-${String(100 + (Number(task.id) % 7)).padStart(4, '0')}`,
              calibrationCertificate: `CAL-2026-${String(400 + (Number(task.id) % 90)).padStart(4, '0')}`,
              calibrationDue: new Date(started.getTime() + 200 * 86_400_000).toISOString().slice(0, 10),
            },
          ]
        : [];
      await tx.execute(
        sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, result = ${result}::int,
                   actual_inspection_date = ${partial ? null : inspected.toISOString()}::timestamptz,
                   test_equipment = ${JSON.stringify(equipment)}::jsonb
             where id = ${task.id}::int`,
      );
      if (status === 16 || status === 32) {
        const [{ n }] = await queryRows<{ n: number }>(
          tx,
          sql`insert into number_sequences (namespace_id, office_id, division_id, name, current_number)
              values (${ns.id}::int, ${task.office_id}::int, ${task.division_id}::int, 'CERTIFICATE', 1)
              on conflict (namespace_id, office_id, (coalesce(division_id, 0)), name)
              do update set current_number = number_sequences.current_number + 1, modified_at = now()
              returning current_number as n`,
        );
        const number = `${task.office_code}-${task.division_code}-${inspected.getUTCFullYear()}-${String(n).padStart(5, '0')}`;
        const approverId = (own || random.chance(0.5)) && approver ? approver : approvers.length > 0 ? random.pick(approvers).id : approver;
        await tx.execute(
          sql`update tasks set certificate_number = ${number}, approver_id = ${approverId ?? null}::int,
                     certificate_date = ${new Date(inspected.getTime() + 86_400_000).toISOString()}::timestamptz,
                     revision_comments = ${status === 32 ? 'Serial number corrected on the certificate' : null}
               where id = ${task.id}::int`,
        );
        if (task.asset_id !== null) {
          // A Pass moves the due date on; a Fail leaves it and the asset shows Failed (DECISIONS 9).
          const due = result === 1 ? addMonths(inspected, Number(type.validity)).toISOString() : null;
          await tx.execute(
            sql`update assets set last_result = ${result}::int, last_inspection_date = ${inspected.toISOString()}::timestamptz,
                       due_date = ${due === null ? sql`due_date` : sql`${due}::timestamptz`}
                 where id = ${task.asset_id}::int and (last_inspection_date is null or last_inspection_date < ${inspected.toISOString()}::timestamptz)`,
          );
        }
      }
      // Every submitted task gets its preview and every approved one its final documents: the
      // worker makes them in the background after the first start (DECISIONS 9).
      if (status === 8) await enqueueTaskDocuments(tx, { id: task.id, namespaceId: ns.id }, 'preview', null);
      if (status === 16 && task.id !== showcase.amended) await enqueueTaskDocuments(tx, { id: task.id, namespaceId: ns.id }, 'final', null);
    }
    if (showcase.amended !== null) await issueDemoRevisions(tx, ns.id, showcase.amended, options.publicUrl);
  });
}
