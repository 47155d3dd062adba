import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type AssetIdentification,
  type FormDefinition,
  type FormLookup,
  IDENTIFICATION_FACTS,
  isTestNode,
  shownValues,
  type TaskChecklist,
} from '@portal/contracts';
import { dataFormRevisions, files, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { type BlobStore, fileContent } from '../../lib/blobs';
import { formatFieldValue } from './dates';
import type { Identification, PdfImage, Person, TestParticular } from './dataTypes';

// The pieces `loadTaskDocumentData` (`data.ts`) reads a task's documents from: addresses,
// images (PNG or JPEG only), people with their signatures, the blob keys a checklist refers
// to, the equipment's identification and the test particulars.

export const addressLines = (a: {
  street: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  pin: number | null;
}) =>
  [a.street, [a.city, a.state].filter(Boolean).join(', '), [a.country, a.pin ? String(a.pin) : null].filter(Boolean).join(' ')].filter(
    (line): line is string => Boolean(line),
  );

/**
 * What the documents of many tasks made together share (a booklet's children: one office, one
 * logo, the same few people): each read once per document.
 */
export class DocumentDataCache {
  private readonly values = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      this.values.set(key, value);
    }
    return value;
  }

  /** Keeps a value read beforehand for many tasks at once. */
  set(key: string, value: unknown): void {
    this.values.set(key, Promise.resolve(value));
  }
}

/** An LLG item's description: its llg- task type's name and its specification. */
export const llgDescription = (taskType: string, specification: string | null) =>
  specification?.trim() ? `${taskType} · ${specification.trim()}` : taskType;

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

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg']);

export async function image(store: BlobStore, row: { sha256: string; content: Buffer | null; contentType: string } | null | undefined) {
  if (!row || !IMAGE_TYPES.has(row.contentType)) return null;
  const data = await fileContent(store, row);
  if (!data) return null;
  // By content, whatever the row says: pdfkit throws on anything else.
  const png = data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8;
  if (!png && !jpeg) return null;
  return { data, type: png ? 'image/png' : 'image/jpeg' } satisfies PdfImage;
}

export async function person(db: Db, store: BlobStore, userId: number | null): Promise<Person | null> {
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
export function referencedKeys(checklist: TaskChecklist | null): string[] {
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

/** The identification facts from the asset's attributes, where its type says they are (DECISIONS 9). */
export async function identificationOf(
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
export function testParticularsOf(checklist: TaskChecklist | null, lookup: FormLookup): TestParticular[] {
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
