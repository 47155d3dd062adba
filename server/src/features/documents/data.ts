import { and, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import {
  defaultBasis,
  defectsOf,
  effectiveResult,
  type ExaminationBasis,
  type FormDefinition,
  type FormLookup,
  type ItemResult,
  performersOf,
  rollUpInspection,
} from '@portal/contracts';
import {
  assets,
  assetTypes,
  certificates,
  clientCompanies,
  dataFormRevisions,
  divisions,
  files,
  jobs,
  llgItems,
  namespaces,
  offices,
  sites,
  tasks,
  taskTypes,
} from '../../db/schema';
import type { Db } from '../../db/types';
import type { BlobStore } from '../../lib/blobs';
import { validTimeZone } from './dates';
import type { PdfImage, Person, TaskDocumentData } from './dataTypes';
import {
  addMonths,
  addressLines,
  DocumentDataCache,
  identificationOf,
  image,
  llgDescription,
  person,
  referencedKeys,
  testParticularsOf,
} from './dataParts';

/** The rows the documents of tasks are read from: one query for one task or for many. */
function selectTaskRows(db: Db, ids: number[]) {
  return db
    .select({
      task: tasks,
      job: {
        number: jobs.jobNumber,
        quotationNumber: jobs.quotationNumber,
        poNumber: jobs.poNumber,
        officeId: jobs.officeId,
        timeZone: jobs.timeZone,
      },
      site: sites,
      client: clientCompanies,
      asset: {
        id: assets.id,
        name: assets.name,
        serialNumber: assets.serialNumber,
        acronymCode: assets.acronymCode,
        externalId: assets.externalId,
        attributes: assets.attributes,
        attributesFormId: assets.attributesFormId,
        attributesFormRevision: assets.attributesFormRevision,
      },
      assetType: { name: assetTypes.name, identification: assetTypes.identification, attributeForm: assetTypes.attributeForm },
      taskType: {
        name: taskTypes.name,
        referenceStandard: taskTypes.referenceStandard,
        inspectionMethod: taskTypes.inspectionMethod,
        validity: taskTypes.validity,
      },
      division: divisions.name,
      namespace: namespaces,
      llgItem: {
        serialNumber: llgItems.serialNumber,
        specification: llgItems.specification,
        acronymCode: llgItems.acronymCode,
        safeWorkingLoad: llgItems.safeWorkingLoad,
      },
    })
    .from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .innerJoin(sites, eq(sites.id, tasks.siteId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, sites.companyId))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .innerJoin(divisions, eq(divisions.id, tasks.divisionId))
    .innerJoin(namespaces, eq(namespaces.id, tasks.namespaceId))
    .leftJoin(assets, eq(assets.id, tasks.assetId))
    .leftJoin(assetTypes, eq(assetTypes.id, tasks.assetTypeId))
    .leftJoin(llgItems, eq(llgItems.id, tasks.llgItemId))
    .where(inArray(tasks.id, ids));
}
type TaskRow = Awaited<ReturnType<typeof selectTaskRows>>[number];

/**
 * Reads a task's documents' data; null when the task is gone. `cache` keeps what many tasks of
 * one document share (the booklet's children: the office, the logo, the people).
 */
export async function loadTaskDocumentData(
  db: Db,
  store: BlobStore,
  taskId: number,
  cache: DocumentDataCache = new DocumentDataCache(),
): Promise<TaskDocumentData | null> {
  const [row] = await selectTaskRows(db, [taskId]);
  return row ? documentDataOf(db, store, row, cache) : null;
}

/**
 * The documents' data of many tasks read together (a booklet's children): their rows in one
 * query, the previous examinations of their register items in another; by task id.
 */
export async function loadTasksDocumentData(
  db: Db,
  store: BlobStore,
  ids: number[],
  cache: DocumentDataCache,
): Promise<Map<number, TaskDocumentData>> {
  const out = new Map<number, TaskDocumentData>();
  if (ids.length === 0) return out;
  const rows = await selectTaskRows(db, ids);
  const items = [...new Set(rows.map((r) => r.task.llgItemId).filter((id): id is number => id !== null))];
  const certified =
    items.length === 0
      ? []
      : await db
          .select({ id: tasks.id, itemId: tasks.llgItemId, date: tasks.actualInspectionDate })
          .from(tasks)
          .where(and(inArray(tasks.llgItemId, items), isNotNull(tasks.certificateNumber), isNotNull(tasks.actualInspectionDate)));
  for (const { task } of rows) {
    if (task.assetId !== null || task.llgItemId === null) continue;
    const own = task.actualInspectionDate?.getTime();
    const earlier = certified
      .filter((c) => c.itemId === task.llgItemId && c.id !== task.id && own !== undefined && (c.date as Date).getTime() < own)
      .sort((a, b) => (b.date as Date).getTime() - (a.date as Date).getTime());
    cache.set(`previous:${task.id}`, earlier.length > 0 ? [{ date: earlier[0].date }] : []);
  }
  for (const row of rows) out.set(row.task.id, await documentDataOf(db, store, row, cache));
  return out;
}

async function documentDataOf(db: Db, store: BlobStore, row: TaskRow, cache: DocumentDataCache): Promise<TaskDocumentData> {
  const { task, namespace } = row;
  const timeZone = validTimeZone(task.timeZone ?? row.job.timeZone ?? row.site.timeZone);

  const llgItem = task.llgItemId !== null && row.llgItem?.serialNumber ? row.llgItem : null;
  const office = await cache.once(`office:${row.job.officeId}`, async () => {
    const [found] = await db.select().from(offices).where(eq(offices.id, row.job.officeId));
    return found ?? null;
  });
  const logo = await cache.once(`logo:${namespace.logoFileId}`, async () => {
    const [logoRow] = namespace.logoFileId ? await db.select().from(files).where(eq(files.id, namespace.logoFileId)) : [];
    return image(store, logoRow);
  });
  const personOf = (id: number | null) => cache.once(`person:${id}`, () => person(db, store, id));

  const checklist = task.checklist ?? null;
  const formKeys = new Map<string, { formId: number; revision: number }>();
  for (const section of checklist?.sections ?? [])
    for (const node of [section, ...section.items])
      for (const record of node.userData?.records ?? [])
        formKeys.set(`${record.formId}:${record.formRevision}`, { formId: record.formId, revision: record.formRevision });
  const forms = new Map<string, FormDefinition>();
  if (formKeys.size > 0) {
    const revisions = await db
      .select({ formId: dataFormRevisions.formId, revision: dataFormRevisions.revision, definition: dataFormRevisions.definition })
      .from(dataFormRevisions)
      .where(
        and(
          eq(dataFormRevisions.namespaceId, task.namespaceId),
          or(...[...formKeys.values()].map((k) => and(eq(dataFormRevisions.formId, k.formId), eq(dataFormRevisions.revision, k.revision)))),
        ),
      );
    for (const r of revisions) forms.set(`${r.formId}:${r.revision}`, r.definition);
  }

  const images = new Map<string, PdfImage>();
  const fileNames = new Map<string, string>();
  const keys = referencedKeys(checklist);
  if (keys.length > 0) {
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.namespaceId, task.namespaceId), inArray(files.blobKey, keys)));
    for (const f of rows) {
      const img = await image(store, f);
      if (img) images.set(f.blobKey, img);
      else fileNames.set(f.blobKey, f.fileName);
    }
  }

  const validityMonths = row.taskType.validity;
  const lookup: FormLookup = { definition: (formId, revision) => forms.get(`${formId}:${revision}`), form: () => undefined };
  const result = task.isLlg || !checklist ? task.result : rollUpInspection(checklist, lookup);
  const results: Record<string, ItemResult> = {};
  for (const section of checklist?.sections ?? [])
    for (const node of [section, ...section.items]) {
      const r = effectiveResult(node, lookup);
      if (r) results[node.id] = r;
    }

  const performerIds = performersOf(checklist);
  const performers: Person[] = [];
  for (const id of performerIds.length > 0 ? performerIds : task.inspectorId !== null ? [task.inspectorId] : []) {
    const p = await personOf(id);
    if (p) performers.push(p);
  }

  // The previous certified examination of the same asset, or of the same register item (an LLG child).
  const examined =
    task.assetId !== null ? eq(tasks.assetId, task.assetId) : task.llgItemId !== null ? eq(tasks.llgItemId, task.llgItemId) : null;
  const inspectedAt = task.actualInspectionDate;
  const [previous] =
    examined === null || !inspectedAt
      ? []
      : await cache.once(`previous:${task.id}`, async () =>
          db
            .select({ date: tasks.actualInspectionDate })
            .from(tasks)
            .where(and(examined, ne(tasks.id, task.id), isNotNull(tasks.certificateNumber), lt(tasks.actualInspectionDate, inspectedAt)))
            .orderBy(desc(tasks.actualInspectionDate))
            .limit(1),
        );

  const [replaced] =
    task.revision > 0
      ? await db
          .select({
            number: certificates.number,
            revision: certificates.revision,
            issuedAt: certificates.issuedAt,
            sha256: certificates.sha256,
          })
          .from(certificates)
          .where(and(eq(certificates.taskId, task.id), eq(certificates.revision, task.revision - 1), eq(certificates.voided, false)))
          .orderBy(desc(certificates.issuedAt))
          .limit(1)
      : [];

  return {
    taskId: task.id,
    namespaceId: task.namespaceId,
    provider: {
      name: namespace.companyName,
      lines: [namespace.companyAddress, [namespace.mobile, namespace.email].filter(Boolean).join('  ·  ')].filter((l): l is string =>
        Boolean(l),
      ),
      website: namespace.companyWebsite,
      logo,
    },
    office: office ? { name: office.name, lines: addressLines(office) } : null,
    client: { name: row.client.name, lines: addressLines(row.client) },
    site: { name: row.site.name, lines: addressLines(row.site) },
    job: { number: row.job.number, quotationNumber: row.job.quotationNumber, poNumber: row.job.poNumber },
    // An LLG child examines a register item, not an asset: the item identifies it (DECISIONS 9).
    asset: {
      id: row.asset?.id ?? null,
      name: llgItem ? llgDescription(row.taskType.name, llgItem.specification) : (row.asset?.name ?? task.name),
      serialNumber: row.asset?.serialNumber ?? null,
      type: row.assetType?.name ?? (llgItem ? row.taskType.name : null),
      acronymCode: row.asset?.acronymCode ?? llgItem?.acronymCode ?? null,
      externalId: row.asset?.externalId ?? null,
    },
    identification: llgItem
      ? { manufacturer: null, model: null, serialNumber: llgItem.serialNumber, yearOfManufacture: null, swl: llgItem.safeWorkingLoad }
      : await identificationOf(db, task.namespaceId, row.asset, row.assetType),
    llgItem,
    llgParent: task.isLlg && task.parentId === null,
    previousExamination: previous?.date ?? null,
    basis: (task.basisOfExamination as ExaminationBasis | null) ?? defaultBasis(validityMonths),
    testEquipment: task.testEquipment ?? [],
    timeZone,
    taskType: {
      name: row.taskType.name,
      referenceStandard: row.taskType.referenceStandard,
      inspectionMethod: row.taskType.inspectionMethod,
      validityMonths,
    },
    division: row.division,
    status: task.status,
    result,
    actualInspectionDate: task.actualInspectionDate,
    // DECISIONS 9: a Fail certifies nothing, so it has no next due date ('After repair').
    nextDueDate: task.actualInspectionDate && result === 1 ? addMonths(task.actualInspectionDate, validityMonths) : null,
    certificateNumber: task.certificateNumber,
    certificateDate: task.certificateDate,
    revision: task.revision,
    revisionComments: task.revisionComments,
    inspector: performers[0] ?? null,
    performers,
    approver: await personOf(task.approverId),
    checklist,
    results,
    defects: defectsOf(checklist, lookup),
    testParticulars: testParticularsOf(checklist, lookup),
    replaces: replaced ?? null,
    forms,
    images,
    fileNames,
  };
}
