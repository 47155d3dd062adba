import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type AssetBySerialAnswer,
  assetViewEnabled,
  CROCKFORD_ALPHABET,
  can,
  normalizeStickerSerial,
  QR_STICKERS,
  type QrStickerBatch,
  type QrStickerRequest,
  STICKER_SERIAL_LENGTH,
} from '@portal/contracts';
import { assets, clientCompanies, files, namespaces, qrStickerBatches, qrStickers, sites, tasks, taskTypes, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { fileContent } from '../../lib/blobs';
import { linkBase } from '../../config';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { registerFileAccess } from '../../lib/fileAccess';
import { storeFile } from '../../lib/files';
import { actorOf, type Scope } from '../../lib/scope';
import { assetScope } from '../assets';
import { loadUserContext } from '../auth';
import type { RequestContext } from '../context';
import { certificateNextDue } from '../tasks';
import { renderStickerSheet } from './qrStickers.sheet';

export const STICKER_SHEET_OWNER = 'qr-sticker-sheet';
/** DECISIONS 5: an approved task. */
const APPROVED = 16;

// A sheet goes to the users of its namespace who may use the QR Sticker screen.
registerFileAccess(STICKER_SHEET_OWNER, async (_db, scope) => can(scope.role, 'qrStickers.create'));

/** A random serial: 10 characters of Crockford base32 (32 divides 256, so every character is uniform). */
export function randomStickerSerial(): string {
  const bytes = randomBytes(STICKER_SERIAL_LENGTH);
  let serial = '';
  for (const byte of bytes) serial += CROCKFORD_ALPHABET[byte & 31];
  return serial;
}

/** `count` distinct random serials (a repeat within the batch is drawn again). */
export function randomStickerSerials(count: number): string[] {
  const serials = new Set<string>();
  while (serials.size < count) serials.add(randomStickerSerial());
  return [...serials];
}

/** The screen is there only with the namespace's `qrSticker` switch and asset view on (navigation). */
async function requireStickersEnabled(ctx: RequestContext): Promise<void> {
  const context = await loadUserContext(ctx.db, ctx.user);
  if (!context.features.qrSticker || !assetViewEnabled(context.webAccess, context.subject)) throw forbidden(QR_STICKERS.notEnabled);
}

/** `<PUBLIC_URL>/login` (DECISIONS 9: never the Host a request came with). */
export function stickerLoginUrl(ctx: RequestContext): string {
  return `${linkBase(ctx.app.config)}/login`;
}

const batchColumns = {
  id: qrStickerBatches.id,
  size: qrStickerBatches.size,
  color: qrStickerBatches.color,
  quantity: qrStickerBatches.quantity,
  requestedBy: users.name,
  createdAt: qrStickerBatches.createdAt,
  blobKey: files.blobKey,
  fileName: files.fileName,
  firstSerial: sql<
    string | null
  >`(select min(${qrStickers.serial}) from ${qrStickers} where ${qrStickers.batchId} = ${qrStickerBatches.id})`,
};

function toBatch(row: {
  id: number;
  size: string;
  color: string;
  quantity: number;
  requestedBy: string | null;
  createdAt: Date;
  blobKey: string | null;
  fileName: string | null;
  firstSerial: string | null;
}): QrStickerBatch {
  return { ...row, createdAt: row.createdAt.toISOString(), blobKey: row.blobKey ?? '', fileName: row.fileName ?? '' };
}

/** `GET /api/QRCodeWithImage`: the namespace's earlier sheets, newest first (ours). */
export async function listStickerBatches(ctx: RequestContext, limit = 50): Promise<QrStickerBatch[]> {
  await requireStickersEnabled(ctx);
  const rows = await ctx.db
    .select(batchColumns)
    .from(qrStickerBatches)
    .leftJoin(users, eq(users.id, qrStickerBatches.requestedBy))
    .innerJoin(files, eq(files.id, qrStickerBatches.fileId))
    .where(eq(qrStickerBatches.namespaceId, ctx.scope.namespaceId))
    .orderBy(desc(qrStickerBatches.createdAt), desc(qrStickerBatches.id))
    .limit(limit);
  return rows.map(toBatch);
}

async function providerOf(ctx: RequestContext): Promise<{ name: string; logo: Buffer | null }> {
  const [row] = await ctx.db
    .select({
      companyName: namespaces.companyName,
      name: namespaces.name,
      sha256: files.sha256,
      content: files.content,
      type: files.contentType,
    })
    .from(namespaces)
    .leftJoin(files, eq(files.id, namespaces.logoFileId))
    .where(eq(namespaces.id, ctx.scope.namespaceId));
  const logo =
    row?.sha256 && (row.type === 'image/png' || row.type === 'image/jpeg')
      ? await fileContent(ctx.app.blobs, { sha256: row.sha256, content: row.content ?? null })
      : null;
  return { name: row?.companyName || row?.name || 'Inspection portal', logo };
}

class SerialCollision extends Error {}

/**
 * `POST /api/QRCodeWithImage`: that many new sticker serials, the PDF sheet kept as a file
 * of the batch, and a mail with the sheet to the requester. Serials and sheet are saved in
 * one transaction; the unique index makes a serial that exists anywhere on the platform
 * roll the batch back and draw again (50 random bits: practically never).
 */
export async function createStickerBatch(ctx: RequestContext, body: QrStickerRequest): Promise<QrStickerBatch> {
  await requireStickersEnabled(ctx);
  const provider = await providerOf(ctx);
  const loginUrl = stickerLoginUrl(ctx);
  let batchId = 0;
  let pdf: Buffer | null = null;
  for (let attempt = 0; attempt < 3 && !batchId; attempt++) {
    const serials = randomStickerSerials(body.quantity);
    pdf = await renderStickerSheet({
      serials,
      size: body.size,
      color: body.color,
      loginUrl,
      providerName: provider.name,
      logo: provider.logo,
    });
    const stored = await ctx.app.blobs.put(pdf);
    try {
      batchId = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
        const [batch] = await tx
          .insert(qrStickerBatches)
          .values({
            namespaceId: ctx.scope.namespaceId,
            size: body.size,
            color: body.color,
            quantity: body.quantity,
            requestedBy: ctx.user.id,
          })
          .returning({ id: qrStickerBatches.id });
        const inserted = await tx
          .insert(qrStickers)
          .values(serials.map((serial) => ({ namespaceId: ctx.scope.namespaceId, serial, batchId: batch.id })))
          .onConflictDoNothing({ target: qrStickers.serial })
          .returning({ id: qrStickers.id });
        if (inserted.length !== serials.length) throw new SerialCollision();
        const file = await storeFile(tx, {
          namespaceId: ctx.scope.namespaceId,
          ownerType: STICKER_SHEET_OWNER,
          ownerId: batch.id,
          createdBy: ctx.user.id,
          upload: {
            fileName: `QR_Stickers_${body.size}_${body.color}_${body.quantity}_${batch.id}.pdf`,
            kind: 'pdf',
            contentType: 'application/pdf',
            size: stored.size,
            sha256: stored.sha256,
          },
        });
        await tx.update(qrStickerBatches).set({ fileId: file.id }).where(eq(qrStickerBatches.id, batch.id));
        return batch.id;
      });
    } catch (error) {
      if (!(error instanceof SerialCollision)) throw error;
    }
  }
  if (!batchId || !pdf) throw conflict(QR_STICKERS.saveError('could not draw unique serials, please try again'));
  const [row] = await ctx.db
    .select(batchColumns)
    .from(qrStickerBatches)
    .leftJoin(users, eq(users.id, qrStickerBatches.requestedBy))
    .innerJoin(files, eq(files.id, qrStickerBatches.fileId))
    .where(eq(qrStickerBatches.id, batchId));
  const batch = toBatch(row);
  await ctx.app.mailer.send({
    namespaceId: ctx.scope.namespaceId,
    to: ctx.user.email,
    content: {
      subject: QR_STICKERS.mailSubject(body.quantity, body.size, body.color),
      paragraphs: [QR_STICKERS.mailText(body.quantity, body.size, body.color)],
    },
    attachments: [{ filename: batch.fileName, content: pdf, contentType: 'application/pdf' }],
  });
  return batch;
}

/**
 * The asset a sticker stands for, in the caller's namespace: the sticker's assigned asset,
 * else the active asset whose Serial Number is the sticker's serial (until every asset save
 * calls `assignStickerSerial`). Null for an unknown serial or a sticker of another namespace.
 */
export async function stickerAssetId(db: Db, scope: Scope, asn: string): Promise<number | null> {
  const serial = normalizeStickerSerial(asn);
  if (!serial) return null;
  const [sticker] = await db
    .select({ assignedAssetId: qrStickers.assignedAssetId })
    .from(qrStickers)
    .where(and(eq(qrStickers.serial, serial), eq(qrStickers.namespaceId, scope.namespaceId)));
  if (!sticker) return null;
  if (sticker.assignedAssetId) return sticker.assignedAssetId;
  const [asset] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.namespaceId, scope.namespaceId), eq(assets.status, 1), sql`upper(${assets.serialNumber}) = ${serial}`))
    .orderBy(assets.id)
    .limit(1);
  return asset?.id ?? null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * `GET /api/Observation/AssetBySerial?asn=&offset=0&limit=50`: the Asset History popup after a
 * sign-in by sticker: the asset's approved inspection reports, newest first. An unknown or
 * unassigned sticker, one of another namespace and an asset the caller may not see all get
 * the same 404, so the answer reveals nothing about stickers that are not the caller's.
 */
export async function assetHistoryBySerial(
  ctx: RequestContext,
  query: { asn: string; offset: number; limit: number },
): Promise<AssetBySerialAnswer> {
  const assetId = await stickerAssetId(ctx.db, ctx.scope, query.asn);
  const [asset] = assetId
    ? await ctx.db
        .select({ id: assets.id, name: assets.name, serialNumber: assets.serialNumber, client: clientCompanies.name, site: sites.name })
        .from(assets)
        .innerJoin(clientCompanies, eq(clientCompanies.id, assets.companyId))
        .innerJoin(sites, eq(sites.id, assets.siteId))
        .where(and(eq(assets.id, assetId), assetScope(ctx.scope)))
    : [];
  if (!asset) throw notFound(QR_STICKERS.notVisible);
  const where = and(eq(tasks.namespaceId, ctx.scope.namespaceId), eq(tasks.assetId, asset.id), eq(tasks.status, APPROVED));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        taskId: tasks.id,
        inspectionDate: tasks.actualInspectionDate,
        certificateDate: tasks.certificateDate,
        certificateNumber: tasks.certificateNumber,
        result: tasks.result,
        certificateBlobKey: files.blobKey,
        validity: taskTypes.validity,
      })
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
      .leftJoin(files, eq(files.id, tasks.certificateFileId))
      .where(where)
      .orderBy(sql`${tasks.actualInspectionDate} desc nulls last`, desc(tasks.id))
      .offset(query.offset)
      .limit(query.limit),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(where),
  ]);
  return {
    asset: { ...asset, serialNumber: asset.serialNumber ?? normalizeStickerSerial(query.asn) ?? '' },
    total: Number(count?.n ?? 0),
    rows: rows.map(({ validity, ...r }) => ({
      ...r,
      inspectionDate: iso(r.inspectionDate),
      certificateDate: iso(r.certificateDate),
      // What the certificate states (DECISIONS 9), never the task's planned date.
      dueDate: iso(certificateNextDue(r.inspectionDate, r.result, validity)),
    })),
  };
}

/** Ids of stickers of a batch (tests and demo data). */
export async function batchSerials(db: Db, batchId: number): Promise<string[]> {
  const rows = await db
    .select({ serial: qrStickers.serial })
    .from(qrStickers)
    .where(inArray(qrStickers.batchId, [batchId]))
    .orderBy(qrStickers.id);
  return rows.map((r) => r.serial);
}
