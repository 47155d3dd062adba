import { and, eq, inArray, or } from 'drizzle-orm';
import type { FormDefinition, TaskChecklist } from '@portal/contracts';
import {
  assets,
  assetTypes,
  clientCompanies,
  dataFormRevisions,
  divisions,
  files,
  jobs,
  namespaces,
  offices,
  sites,
  tasks,
  taskTypes,
  users,
} from '../../db/schema';
import type { Db } from '../../db/types';
import { type BlobStore, fileContent } from '../../lib/blobs';

/** An image ready for the PDF (PNG or JPEG bytes only; anything else is left out). */
export interface PdfImage {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
}

export interface Party {
  name: string;
  lines: string[];
}

export interface Person {
  name: string;
  signature: PdfImage | null;
}

/**
 * Everything a task's documents show, read once before rendering (outside any transaction:
 * the renderers run without a database slot).
 */
export interface TaskDocumentData {
  taskId: number;
  namespaceId: number;
  provider: Party & { logo: PdfImage | null; website: string | null };
  office: Party | null;
  client: Party;
  site: Party;
  job: { number: string; quotationNumber: string | null; poNumber: string | null };
  asset: { name: string; serialNumber: string | null; type: string | null; id: number | null };
  taskType: { name: string; referenceStandard: string | null; inspectionMethod: string | null; validityMonths: number };
  division: string;
  status: number;
  result: number | null;
  actualInspectionDate: Date | null;
  nextDueDate: Date | null;
  certificateNumber: string | null;
  certificateDate: Date | null;
  revision: number;
  revisionComments: string | null;
  inspector: Person | null;
  approver: Person | null;
  checklist: TaskChecklist | null;
  /** Form definitions by `<formId>:<revision>`, for the records the checklist holds. */
  forms: Map<string, FormDefinition>;
  /** Images of the form records by blob key (photos, signatures), only those that are PNG or JPEG. */
  images: Map<string, PdfImage>;
  /** File names of the form records' non-image files, by blob key. */
  fileNames: Map<string, string>;
}

const addressLines = (a: {
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  pin: number | null;
}) =>
  [a.street, [a.city, a.state].filter(Boolean).join(', '), [a.country, a.pin ? String(a.pin) : null].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  );

/** `date` plus `months` calendar months (the task type's validity, DECISIONS 8). */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

async function image(store: BlobStore, row: { sha256: string; content: Buffer | null; contentType: string } | null | undefined) {
  if (!row || !IMAGE_TYPES.has(row.contentType)) return null;
  const data = await fileContent(store, row);
  if (!data) return null;
  // By content, whatever the row says: pdfkit throws on anything else.
  const png = data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8;
  if (!png && !jpeg) return null;
  return { data, type: png ? 'image/png' : 'image/jpeg' } satisfies PdfImage;
}

async function person(db: Db, store: BlobStore, userId: number | null): Promise<Person | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ name: users.name, sha256: files.sha256, content: files.content, contentType: files.contentType })
    .from(users)
    .leftJoin(files, eq(files.id, users.signatureFileId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const signature =
    row.sha256 && row.contentType ? await image(store, { sha256: row.sha256, content: row.content, contentType: row.contentType }) : null;
  return { name: row.name, signature };
}

/** Blob keys a checklist's records refer to (photo, file and signature values, attached files). */
function referencedKeys(checklist: TaskChecklist | null): string[] {
  const keys = new Set<string>();
  if (!checklist) return [];
  const fromUserData = (userData: TaskChecklist['sections'][number]['userData']) => {
    if (!userData) return;
    for (const f of userData.files) if (!f.deleted) keys.add(f.blobKey);
    for (const record of userData.records) {
      for (const f of record.attributesFiles) if (!f.deleted) keys.add(f.blobKey);
      for (const value of Object.values(record.attributes))
        if (Array.isArray(value)) for (const v of value) if (typeof v === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(v)) keys.add(v);
    }
  };
  for (const section of checklist.sections) {
    fromUserData(section.userData);
    for (const item of section.items) fromUserData(item.userData);
  }
  return [...keys];
}

/** Reads a task's documents' data; null when the task is gone. */
export async function loadTaskDocumentData(db: Db, store: BlobStore, taskId: number): Promise<TaskDocumentData | null> {
  const [row] = await db
    .select({
      task: tasks,
      job: { number: jobs.jobNumber, quotationNumber: jobs.quotationNumber, poNumber: jobs.poNumber, officeId: jobs.officeId },
      site: sites,
      client: clientCompanies,
      asset: { id: assets.id, name: assets.name, serialNumber: assets.serialNumber },
      assetType: assetTypes.name,
      taskType: {
        name: taskTypes.name,
        referenceStandard: taskTypes.referenceStandard,
        inspectionMethod: taskTypes.inspectionMethod,
        validity: taskTypes.validity,
      },
      division: divisions.name,
      namespace: namespaces,
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
    .where(eq(tasks.id, taskId));
  if (!row) return null;
  const { task, namespace } = row;

  const [office] = await db.select().from(offices).where(eq(offices.id, row.job.officeId));
  const [logoRow] = namespace.logoFileId ? await db.select().from(files).where(eq(files.id, namespace.logoFileId)) : [];
  const logo = await image(store, logoRow);

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
    asset: {
      id: row.asset?.id ?? null,
      name: row.asset?.name ?? task.name,
      serialNumber: row.asset?.serialNumber ?? null,
      type: row.assetType,
    },
    taskType: {
      name: row.taskType.name,
      referenceStandard: row.taskType.referenceStandard,
      inspectionMethod: row.taskType.inspectionMethod,
      validityMonths,
    },
    division: row.division,
    status: task.status,
    result: task.result,
    actualInspectionDate: task.actualInspectionDate,
    nextDueDate: task.actualInspectionDate ? addMonths(task.actualInspectionDate, validityMonths) : null,
    certificateNumber: task.certificateNumber,
    certificateDate: task.certificateDate,
    revision: task.revision,
    revisionComments: task.revisionComments,
    inspector: await person(db, store, task.inspectorId),
    approver: await person(db, store, task.approverId),
    checklist,
    forms,
    images,
    fileNames,
  };
}
