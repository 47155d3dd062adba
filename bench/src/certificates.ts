// m. Certificate PDF generation, in process (no server, no database): a final certificate of a
// 40-item checklist with the provider's logo, two signatures and the verification QR code,
// rendered with pdfkit and signed with a P12 key, as the documents worker does it
// (server/src/features/documents). Warm-up renders first: the first ones pay for the JIT.
import { renderCertificate } from '../../server/src/features/documents/certificate';
import { sampleDocumentData } from '../../server/src/features/documents/sample';
import { makeSigningKey, signPdf } from '../../server/src/features/documents/signing';
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
