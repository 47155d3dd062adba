import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CROCKFORD_ALPHABET, STICKER_SERIAL_LENGTH } from '@portal/contracts';
import { renderStickerSheet } from '../features/qrStickers';
import { newBlobKey } from '../lib/tokens';
import { queryRows } from '../db/rows';
import { files, qrStickerBatches, qrStickers } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { createRandom } from './random';

/**
 * Demo QR stickers (issue 11): one sheet of 24 requested by the LO-ADMIN, its PDF kept, and
 * the first stickers assigned to assets that have approved inspections: three of the first
 * client's (CLIENT-USER sees them) and one of another client's. The serials come from the
 * seeded generator, so the README can name one; real sheets draw crypto-random serials.
 */
export async function seedQrStickers(db: Db, ns: SeededNamespace, options: { seed: number; publicUrl: string }): Promise<string[]> {
  const random = createRandom(options.seed);
  const serials: string[] = [];
  while (serials.length < 24) {
    let serial = '';
    for (let i = 0; i < STICKER_SERIAL_LENGTH; i++) serial += CROCKFORD_ALPHABET[random.int(0, 31)];
    if (!serials.includes(serial)) serials.push(serial);
  }
  const [provider] = await queryRows<{ company_name: string }>(db, sql`select company_name from namespaces where id = ${ns.id}::int`);
  const pdf = await renderStickerSheet({
    serials,
    size: '38mm',
    color: 'Blue',
    loginUrl: `${options.publicUrl.replace(/\/+$/, '')}/login`,
    providerName: provider?.company_name ?? ns.name,
    logo: null,
  });
  const requester = ns.accounts[`lo-admin@${ns.name}.test`] ?? null;
  const candidates = await queryRows<{ id: number; company_id: number }>(
    db,
    sql`select a.id, a.company_id from assets a
         where a.namespace_id = ${ns.id}::int and a.status = 1
           and exists (select 1 from tasks t where t.asset_id = a.id and t.status = 16)
         order by exists (select 1 from document_jobs dj join tasks t on t.id = dj.task_id where t.asset_id = a.id and t.status = 16) desc,
                  (select count(*) from tasks t where t.asset_id = a.id and t.status = 16) desc, a.id`,
  );
  const firstClient = ns.clients[0]?.id;
  const own = candidates.filter((c) => Number(c.company_id) === firstClient).slice(0, 3);
  const other = candidates.filter((c) => Number(c.company_id) !== firstClient).slice(0, 1);
  const assigned = [...own, ...other].map((c) => Number(c.id));

  await inTransaction(db, null, async (tx) => {
    const [batch] = await tx
      .insert(qrStickerBatches)
      .values({ namespaceId: ns.id, size: '38mm', color: 'Blue', quantity: 24, requestedBy: requester })
      .returning({ id: qrStickerBatches.id });
    const [file] = await tx
      .insert(files)
      .values({
        namespaceId: ns.id,
        blobKey: newBlobKey(),
        ownerType: 'qr-sticker-sheet',
        ownerId: batch.id,
        fileName: `QR_Stickers_38mm_Blue_24_${batch.id}.pdf`,
        contentType: 'application/pdf',
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        content: pdf,
        createdBy: requester,
      })
      .returning({ id: files.id });
    await tx.execute(sql`update qr_sticker_batches set file_id = ${file.id}::int where id = ${batch.id}::int`);
    await tx
      .insert(qrStickers)
      .values(
        serials.map((serial, index) => ({ namespaceId: ns.id, serial, batchId: batch.id, assignedAssetId: assigned[index] ?? null })),
      );
    for (const [index, assetId] of assigned.entries()) {
      await tx.execute(sql`update assets set serial_number = ${serials[index]} where id = ${assetId}::int`);
    }
  });
  return serials;
}
