import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  type AssetIdentification,
  type DefectEntry,
  defaultBasis,
  defectsOf,
  effectiveResult,
  type ExaminationBasis,
  type FormDefinition,
  type FormLookup,
  IDENTIFICATION_FACTS,
  isTestNode,
  type ItemResult,
  performersOf,
  rollUpInspection,
  shownValues,
  type TaskChecklist,
  type TestEquipment,
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
  namespaces,
  offices,
  sites,
  tasks,
  taskTypes,
  users,
} from '../../db/schema';
import type { Db } from '../../db/types';
import { type BlobStore, fileContent } from '../../lib/blobs';
import { formatFieldValue, validTimeZone } from './dates';

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
  /** The profile's qualifications (DECISIONS 9), printed under the name. */
  qualifications: string | null;
  signature: PdfImage | null;
}

/** What the identification of the equipment says (DECISIONS 9), formatted; null: not recorded. */
export type Identification = Record<(typeof IDENTIFICATION_FACTS)[number], string | null>;

/** The form values a certificate prints as test particulars (LOAD TEST and NDT nodes). */
export interface TestParticular {
  /** 'Load test' or 'Load test · sample 2 of 3'. */
  name: string;
  values: [string, string][];
}

/** The certificate an amended one replaces (DECISIONS 9). */
export interface ReplacedCertificate {
  number: string;
  revision: number;
  issuedAt: Date;
  sha256: string;
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
  /** `serialNumber` is the QR sticker's serial: printed as 'Tag' (DECISIONS 9). */
  asset: {
    name: string;
    serialNumber: string | null;
    type: string | null;
    id: number | null;
    acronymCode: string | null;
    externalId: string | null;
  };
  identification: Identification;
  /** The date of the previous thorough examination of the asset, or null for the first. */
  previousExamination: Date | null;
  basis: ExaminationBasis;
  testEquipment: TestEquipment[];
  /** IANA zone every date of the documents is printed in (the task's, else the job's or site's). */
  timeZone: string;
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
  /** The first performing inspector (or the assigned one when nobody saved results). */
  inspector: Person | null;
  /** Everyone who saved results, first first (DECISIONS 9). */
  performers: Person[];
  approver: Person | null;
  checklist: TaskChecklist | null;
  /** Each node's result after its forms' result fields. */
  results: Record<string, ItemResult>;
  defects: DefectEntry[];
  testParticulars: TestParticular[];
  replaces: ReplacedCertificate | null;
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
    .select({
      name: users.name,
      qualifications: users.qualifications,
      sha256: files.sha256,
      content: files.content,
      contentType: files.contentType,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.signatureFileId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const signature =
    row.sha256 && row.contentType ? await image(store, { sha256: row.sha256, content: row.content, contentType: row.contentType }) : null;
  return { name: row.name, qualifications: row.qualifications, signature };
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
  const timeZone = validTimeZone(task.timeZone ?? row.job.timeZone ?? row.site.timeZone);

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
    const p = await person(db, store, id);
    if (p) performers.push(p);
  }

  const [previous] =
    task.assetId === null || !task.actualInspectionDate
      ? []
      : await db
          .select({ date: tasks.actualInspectionDate })
          .from(tasks)
          .where(
            and(
              eq(tasks.assetId, task.assetId),
              ne(tasks.id, task.id),
              isNotNull(tasks.certificateNumber),
              lt(tasks.actualInspectionDate, task.actualInspectionDate),
            ),
          )
          .orderBy(desc(tasks.actualInspectionDate))
          .limit(1);

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
    asset: {
      id: row.asset?.id ?? null,
      name: row.asset?.name ?? task.name,
      serialNumber: row.asset?.serialNumber ?? null,
      type: row.assetType?.name ?? null,
      acronymCode: row.asset?.acronymCode ?? null,
      externalId: row.asset?.externalId ?? null,
    },
    identification: await identificationOf(db, task.namespaceId, row.asset, row.assetType),
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
    approver: await person(db, store, task.approverId),
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

/** The identification facts from the asset's attributes, where its type says they are (DECISIONS 9). */
async function identificationOf(
  db: Db,
  namespaceId: number,
  asset: { attributes: Record<string, unknown> | null; attributesFormId: number | null; attributesFormRevision: number | null } | null,
  type: { identification: AssetIdentification | null; attributeForm: number | null } | null,
): Promise<Identification> {
  const out = Object.fromEntries(IDENTIFICATION_FACTS.map((f) => [f, null])) as Identification;
  const attributes = asset?.attributes;
  const mapping = type?.identification ?? {};
  if (!attributes || Object.keys(mapping).length === 0) return out;
  const formId = asset.attributesFormId ?? type?.attributeForm ?? null;
  let definition: FormDefinition | undefined;
  if (formId !== null) {
    const [revision] = await db
      .select({ definition: dataFormRevisions.definition })
      .from(dataFormRevisions)
      .where(
        and(
          eq(dataFormRevisions.namespaceId, namespaceId),
          eq(dataFormRevisions.formId, formId),
          asset.attributesFormRevision !== null ? eq(dataFormRevisions.revision, asset.attributesFormRevision) : sql`true`,
        ),
      )
      .orderBy(desc(dataFormRevisions.revision))
      .limit(1);
    definition = revision?.definition;
  }
  for (const fact of IDENTIFICATION_FACTS) {
    const key = mapping[fact];
    if (!key || !Object.hasOwn(attributes, key)) continue;
    const value = attributes[key];
    if (value === null || value === undefined || value === '') continue;
    const field = definition?.fields.find((f) => 'key' in f && f.key === key);
    out[fact] = field ? formatFieldValue(field, value) : String(value);
  }
  return out;
}

/** The values of the checklist's test nodes (LOAD TEST and NDT), shown fields only, by sample. */
function testParticularsOf(checklist: TaskChecklist | null, lookup: FormLookup): TestParticular[] {
  const out: TestParticular[] = [];
  for (const section of checklist?.sections ?? []) {
    const nodes: [TaskChecklist['sections'][number] | TaskChecklist['sections'][number]['items'][number], string, boolean][] = [
      [section, section.name, isTestNode(section)],
      ...section.items.map((i) => [i, `${section.name} › ${i.name}`, isTestNode(section, i)] as [typeof i, string, boolean]),
    ];
    for (const [node, name, test] of nodes) {
      if (!test) continue;
      const records = node.userData?.records ?? [];
      records.forEach((record, index) => {
        const definition = lookup.definition(record.formId, record.formRevision);
        if (!definition) return;
        const values = shownValues(definition, record)
          .filter(
            ({ field, value }) =>
              !['photo', 'file', 'signature'].includes(field.kind) && value !== undefined && value !== null && value !== '',
          )
          .map(({ field, value }) => [field.label, formatFieldValue(field, value)] as [string, string]);
        if (values.length === 0) return;
        out.push({ name: records.length > 1 ? `${name} · sample ${index + 1} of ${records.length}` : name, values });
      });
    }
  }
  return out;
}
