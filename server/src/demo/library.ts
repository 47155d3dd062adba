import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { LibraryKind } from '@portal/contracts';
import { queryRows } from '../db/rows';
import { files } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import { LIBRARY_FILE_OWNER } from '../features/library';
import { makeThumbnail } from '../lib/images';
import { newBlobKey } from '../lib/tokens';
import type { SeededNamespace } from './demo';

/** A picture for the libraries: a coloured card with a title (an SVG drawn by sharp). */
export async function libraryPicture(title: string, hue: number, kind: 'jpg' | 'png' = 'jpg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,22%)"/>
    </linearGradient></defs>
    <rect width="960" height="640" fill="url(#g)"/>
    <rect x="80" y="360" width="800" height="40" fill="rgba(255,255,255,0.25)"/>
    <rect x="200" y="180" width="40" height="220" fill="rgba(255,255,255,0.35)"/>
    <rect x="720" y="180" width="40" height="220" fill="rgba(255,255,255,0.35)"/>
    <text x="480" y="520" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">${title}</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return kind === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

/** A one-page PDF data sheet. */
export function libraryPdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, doc.page.width, 90).fill('#1565c0');
    doc.fill('#ffffff').fontSize(22).text(title, 56, 34);
    doc.fill('#222222').fontSize(12).moveDown(3);
    for (const line of lines) doc.text(line).moveDown(0.6);
    doc.end();
  });
}

/** A small workbook (a load chart or an inspection summary). */
export async function librarySheet(title: string, rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const MIME = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface SeedFile {
  name: string;
  kind: keyof typeof MIME;
  content: Buffer;
}

/**
 * A folder of a library with its files, written as an upload would leave them (contents inline
 * in `files`, moved to the blob store at start-up; a thumbnail for each image). Answers the folder id.
 */
export async function seedLibraryFolder(
  db: Db,
  ns: { id: number },
  folder: { library: LibraryKind; name: string; clientId?: number | null; siteId?: number | null; createdBy?: number | null },
  entries: SeedFile[],
): Promise<number> {
  const thumbs = new Map<SeedFile, { data: Buffer; kind: 'png' | 'jpg' }>();
  for (const file of entries) if (file.kind === 'png' || file.kind === 'jpg') thumbs.set(file, await makeThumbnail(file.content));
  return inTransaction(db, null, async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into library_entries (namespace_id, library, entity_type, client_id, site_id, name, created_by)
           values (${ns.id}::int, ${folder.library}, 'FOLDER', ${folder.clientId ?? null}::int, ${folder.siteId ?? null}::int,
                   ${folder.name}, ${folder.createdBy ?? null}::int) returning id`,
    );
    const stored = async (name: string, kind: keyof typeof MIME, content: Buffer) => {
      const [f] = await tx
        .insert(files)
        .values({
          namespaceId: ns.id,
          blobKey: newBlobKey(),
          ownerType: LIBRARY_FILE_OWNER,
          ownerId: row.id,
          fileName: name,
          contentType: MIME[kind],
          size: content.length,
          sha256: createHash('sha256').update(content).digest('hex'),
          content,
        })
        .returning({ id: files.id });
      return f.id;
    };
    for (const file of entries) {
      const fileId = await stored(file.name, file.kind, file.content);
      const thumb = thumbs.get(file);
      const thumbId = thumb ? await stored(`thumbnail-${file.name}`, thumb.kind, thumb.data) : null;
      await tx.execute(
        sql`insert into library_entries (namespace_id, library, entity_type, parent_id, client_id, site_id, name, file_id, thumbnail_file_id, created_by)
             values (${ns.id}::int, ${folder.library}, 'FILE', ${row.id}::int, ${folder.clientId ?? null}::int, ${folder.siteId ?? null}::int,
                     ${file.name}, ${fileId}::int, ${thumbId}::int, ${folder.createdBy ?? null}::int)`,
      );
    }
    return row.id;
  });
}

/**
 * The demo's libraries (issue 24): product technical information for two loose-gear asset types
 * (data sheets, a load chart, a photo), trial-fit pictures and inspection reports of the demo
 * client's first site. The other loose-gear types stay without a folder, for Add folder.
 */
export async function seedLibraries(db: Db, ns: SeededNamespace): Promise<void> {
  const llg = await queryRows<{ name: string; label: string }>(
    db,
    sql`select name, coalesce(nullif(display_name, ''), name) as label from asset_types
         where namespace_id = ${ns.id}::int and status = 1 and category = 'LLG' order by lower(name) limit 2`,
  );
  const admin = ns.accounts[`lo-admin@${ns.name}.test`] ?? null;
  for (const [i, type] of llg.entries()) {
    await seedLibraryFolder(db, ns, { library: 'technical', name: type.label.trim(), createdBy: admin }, [
      { name: `${type.label} data sheet.pdf`, kind: 'pdf', content: await libraryPdf(`${type.label}: technical data`, DATA_LINES) },
      {
        name: `${type.label} load chart.xlsx`,
        kind: 'xlsx',
        content: await librarySheet('Load chart', [
          ['Size', 'WLL (t)', 'Proof load (t)', 'Weight (kg)'],
          ['8 mm', 2, 4, 0.9],
          ['10 mm', 3.15, 6.3, 1.4],
          ['13 mm', 5.3, 10.6, 2.3],
          ['16 mm', 8, 16, 3.6],
        ]),
      },
      { name: `${type.label} marking.jpg`, kind: 'jpg', content: await libraryPicture(`${type.label} marking`, 200 + i * 30) },
    ]);
  }
  const client = ns.clients[0];
  if (!client?.siteIds[0]) return;
  const place = { clientId: client.id, siteId: client.siteIds[0], createdBy: admin };
  await seedLibraryFolder(db, ns, { library: 'pictorial', name: 'Trial fit - Berth 4 crane', ...place }, [
    { name: 'Hook block fit.jpg', kind: 'jpg', content: await libraryPicture('Hook block fit', 20) },
    { name: 'Spreader bar.jpg', kind: 'jpg', content: await libraryPicture('Spreader bar', 140) },
    { name: 'Sling angle.png', kind: 'png', content: await libraryPicture('Sling angle', 260, 'png') },
  ]);
  await seedLibraryFolder(db, ns, { library: 'pictorial', name: 'Rigging arrangements', ...place }, []);
  await seedLibraryFolder(db, ns, { library: 'report', name: 'Inspection reports 2026', ...place }, [
    {
      name: 'Annual thorough examination.pdf',
      kind: 'pdf',
      content: await libraryPdf('Annual thorough examination', ['Site inspection summary', ...DATA_LINES.slice(0, 3)]),
    },
    {
      name: 'Defects summary.xlsx',
      kind: 'xlsx',
      content: await librarySheet('Defects', [
        ['Item', 'Defect', 'Action', 'Due'],
        ['Chain sling CS-12', 'Stretched link', 'Withdrawn', '2026-12-01'],
        ['Shackle SH-40', 'Pin thread worn', 'Replace pin', '2026-12-15'],
      ]),
    },
    { name: 'Crane pad photo.jpg', kind: 'jpg', content: await libraryPicture('Crane pad', 90) },
  ]);
}

const DATA_LINES = [
  'Material: alloy steel, quenched and tempered, grade 8.',
  'Working load limit marked on the body; proof tested to twice the WLL.',
  'Inspect before each use for wear, deformation, cracks and corrosion.',
  'Thorough examination at least every six months (LOLER 1998 reg. 9).',
  'Withdraw from service when wear exceeds 10% of the original dimension.',
];
