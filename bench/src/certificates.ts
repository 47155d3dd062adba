// m. Certificate PDF generation, in process (no server, no database): a final certificate of a
// 40-item checklist with the provider's logo, two signatures and the verification QR code,
// rendered with pdfkit and signed with a P12 key, as the documents worker does it
// (server/src/features/documents). Warm-up renders first: the first ones pay for the JIT.
import sharp from 'sharp';
import { makeSigningKey, renderCertificate, renderReport, sampleDocumentData, signPdf } from '../../server/src/features/documents';
import { normaliseImage } from '../../server/src/lib/images';
import { percentile } from './lib/http';

export async function measureCertificates(
  count: number,
): Promise<{ p50: number; p95: number; renderP50: number; bytes: number; pages: number }> {
  const data = sampleDocumentData(40);
  const stored = await makeSigningKey(data.provider.name);
  const key = { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
  const one = async () => {
    const started = performance.now();
    const pdf = await renderCertificate(data, {
      final: true,
      verificationUrl: 'https://portal.example.test/verify/AbCdEfGhIjKlMnOpQrStUv',
      issuedAt: new Date(),
    });
    const rendered = performance.now() - started;
    const signed = await signPdf(pdf, key, { name: data.provider.name, reason: 'Certificate', location: 'Dubai' });
    return { total: performance.now() - started, rendered, signed };
  };
  for (let i = 0; i < 3; i++) await one();
  const totals: number[] = [];
  const renders: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const { total, rendered, signed } = await one();
    totals.push(total);
    renders.push(rendered);
    last = signed;
  }
  const pages = Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(last.toString('latin1'))?.[1] ?? 0);
  return { p50: percentile(totals, 50), p95: percentile(totals, 95), renderP50: percentile(renders, 50), bytes: last.length, pages };
}

/**
 * m, second figure (issue 19): the final certificate of a task whose inspector and approver
 * uploaded a 6300x6300 RGBA signature (154 KB class: a transparent PNG under the 40 MP limit)
 * and whose checklist holds 10 camera photos. The images go through the upload scaling first
 * (`normaliseImage`, as `POST /api/Users/signature` and `/api/Setting/formfile` do), then the
 * certificate is rendered and signed as the worker does; the full checklist report (which
 * prints the photos) is measured beside it. The first render of a process prepares the images
 * (off the main thread, then cached by content): reported apart as "first".
 */
export async function measureHeavyCertificate(count: number): Promise<{
  p50: number;
  p95: number;
  first: number;
  fullReportP50: number;
  upload: number;
  signatureBytes: number;
  storedSignature: string;
  bytes: number;
  fullReportBytes: number;
}> {
  const stroke =
    '<svg xmlns="http://www.w3.org/2000/svg" width="6300" height="6300" viewBox="0 0 600 600">' +
    '<path d="M40 380 C 120 200, 180 520, 260 320 S 380 200, 440 360 S 540 300, 570 260" stroke="#12307a" stroke-width="9" fill="none"/></svg>';
  const signature = await sharp(Buffer.from(stroke)).png({ compressionLevel: 9 }).toBuffer();
  const photos = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      sharp({
        create: {
          width: 4032,
          height: 3024,
          channels: 3,
          background: '#7a8a99',
          noise: { type: 'gaussian', mean: 110 + i * 3, sigma: 18 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  // What a user's uploads leave in the store.
  const uploadStarted = performance.now();
  const storedSignature = await normaliseImage(signature, 'png', 'signature');
  const storedPhotos = await Promise.all(photos.map((p) => normaliseImage(p, 'jpg', 'photo')));
  const upload = performance.now() - uploadStarted;
  const data = sampleDocumentData(40, {
    signature: storedSignature.data ?? signature,
    photos: storedPhotos.map((p, i) => p.data ?? photos[i]),
  });
  const stored = await makeSigningKey(data.provider.name);
  const key = { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
  const options = { final: true, verificationUrl: 'https://portal.example.test/verify/AbCdEfGhIjKlMnOpQrStUv', issuedAt: new Date() };
  const info = { name: data.provider.name, reason: 'Certificate', location: 'Dubai' };
  const certificate = async () => signPdf(await renderCertificate(data, options), key, info);
  const fullReport = async () => signPdf(await renderReport(data, { ...options, full: true }), key, info);

  let started = performance.now();
  await certificate();
  const first = performance.now() - started;
  for (let i = 0; i < 3; i++) await certificate();
  const totals: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    started = performance.now();
    last = await certificate();
    totals.push(performance.now() - started);
  }
  await fullReport();
  const reports: number[] = [];
  let report: Buffer = Buffer.alloc(0);
  for (let i = 0; i < Math.max(3, Math.round(count / 5)); i++) {
    started = performance.now();
    report = await fullReport();
    reports.push(performance.now() - started);
  }
  return {
    p50: percentile(totals, 50),
    p95: percentile(totals, 95),
    first,
    fullReportP50: percentile(reports, 50),
    upload,
    signatureBytes: signature.length,
    storedSignature: `${storedSignature.width}x${storedSignature.height}`,
    bytes: last.length,
    fullReportBytes: report.length,
  };
}
