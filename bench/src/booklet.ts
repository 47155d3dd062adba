// Issue 22: the LLG booklet of 200 items, in process (no server, no database): a cover, the
// index, 200 certificates of a 4-item checklist with logo, two signatures and a QR code each,
// rendered into one PDF and signed once, as the documents worker makes an approved LLG task's
// booklet (server/src/features/documents/booklet.ts). A warm-up render first (the JIT).
import { makeSigningKey, renderBooklet, sampleBookletData, signPdf } from '../../server/src/features/documents';
import { percentile } from './lib/http';

export async function measureBooklet(
  items: number,
  count: number,
): Promise<{ p50: number; max: number; renderP50: number; cpuP50: number; bytes: number; pages: number }> {
  const booklet = sampleBookletData(items);
  const stored = await makeSigningKey(booklet.parent.provider.name);
  const key = { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
  const one = async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const pdf = await renderBooklet(booklet, {
      final: true,
      verificationUrl: 'https://portal.example.test/verify/AbCdEfGhIjKlMnOpQrStUv',
      issuedAt: new Date(),
    });
    const rendered = performance.now() - started;
    const signed = await signPdf(pdf, key, { name: booklet.parent.provider.name, reason: 'Booklet', location: 'Dubai' });
    const used = process.cpuUsage(cpu);
    // The process's CPU time says what the wall time would be on an idle machine.
    return { total: performance.now() - started, rendered, signed, cpu: (used.user + used.system) / 1000 };
  };
  await one();
  const totals: number[] = [];
  const renders: number[] = [];
  const cpus: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  for (let i = 0; i < count; i++) {
    const { total, rendered, signed, cpu } = await one();
    totals.push(total);
    cpus.push(cpu);
    renders.push(rendered);
    last = signed;
  }
  const pages = Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(last.toString('latin1'))?.[1] ?? 0);
  return {
    p50: percentile(totals, 50),
    max: Math.max(...totals),
    renderP50: percentile(renders, 50),
    cpuP50: percentile(cpus, 50),
    bytes: last.length,
    pages,
  };
}
