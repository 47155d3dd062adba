import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { serverSecrets } from '../../db/schema';
import type { Db } from '../../db/types';
import { loadFonts } from './fonts';
import { A4, SIGNATURE_SLOT } from './pdfLayout';

/**
 * Digital signatures of the final PDFs (DECISIONS 8). Each namespace signs with its own
 * self-signed certificate, made with node-forge the first time it is needed and kept in the
 * database (`server_secrets`, name `pdf-signing:<namespace id>`), so every instance and every
 * restart signs with the same key. The first instance to insert wins; the others read its row.
 * The key never leaves the server and is not in the audit trail.
 *
 * The signature is added as ONE incremental update written here (no placeholder library: the
 * one used before wrote `startxref` one byte early, and qpdf warned on every signed file):
 * the signature dictionary (adbe.pkcs7.detached, CMS SignedData with the signer's certificate,
 * SHA-256), a visible widget with its own appearance stream ("Digitally signed by <provider>",
 * the date: vector outlines of the DejaVu glyphs, so no font is needed and PDF/A stays valid)
 * at SIGNATURE_SLOT of the last page, the page with the widget in /Annots, the catalog with the
 * /AcroForm (SigFlags 3), a cross-reference section and a trailer with /Prev and the same /ID.
 * The ByteRange covers the whole file but the signature value.
 */
interface StoredKey {
  /** The PKCS#12 bundle, base64. */
  p12: string;
  passphrase: string;
}

const secretName = (namespaceId: number) => `pdf-signing:${namespaceId}`;

const generateRsa = promisify(generateKeyPair);

/** Room for the CMS (hex in the file): a 2048-bit signature and the certificate take about 1.5 KB. */
const SIGNATURE_BYTES = 8192;

/**
 * A self-signed certificate for the provider's name (RSA 2048, ten years). The key pair comes
 * from node:crypto off the main thread (forge's own generator would block the server for
 * seconds); forge makes the certificate and the PKCS#12 bundle.
 */
export async function makeSigningKey(commonName: string): Promise<StoredKey> {
  const pair = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = { privateKey: forge.pki.privateKeyFromPem(pair.privateKey), publicKey: forge.pki.publicKeyFromPem(pair.publicKey) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: commonName.slice(0, 64) || 'Inspection portal' },
    { name: 'organizationName', value: commonName.slice(0, 64) || 'Inspection portal' },
    { shortName: 'OU', value: 'Certificate signing' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const passphrase = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des', friendlyName: commonName });
  const der = forge.asn1.toDer(asn1).getBytes();
  return { p12: Buffer.from(der, 'binary').toString('base64'), passphrase };
}

/** The namespace's signing key, made and stored on first use. */
export async function signingKey(db: Db, namespaceId: number, commonName: string): Promise<{ p12: Buffer; passphrase: string }> {
  const name = secretName(namespaceId);
  let [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) {
    // Made outside any transaction, inserted only if absent.
    const made = await makeSigningKey(commonName);
    await db
      .insert(serverSecrets)
      .values({ name, value: JSON.stringify(made) })
      .onConflictDoNothing({ target: serverSecrets.name });
    [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  }
  const stored = JSON.parse(row.value) as StoredKey;
  return { p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase };
}

/**
 * The namespace's signing certificate (PEM), or null when it has never signed anything: what
 * the verification page checks an uploaded PDF's signature against.
 */
export async function signingCertificatePem(db: Db, namespaceId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, secretName(namespaceId)));
  if (!row) return null;
  const stored = JSON.parse(row.value) as StoredKey;
  return forge.pki.certificateToPem(unpack({ p12: Buffer.from(stored.p12, 'base64'), passphrase: stored.passphrase }).certificate);
}

interface Unpacked {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
}

/** Opening a PKCS#12 bundle (3DES, key derivation) costs tens of milliseconds: done once per key. */
const unpacked = new Map<string, Unpacked>();

function unpack(key: { p12: Buffer; passphrase: string }): Unpacked {
  const id = createHash('sha256').update(key.p12).update(key.passphrase).digest('hex');
  const known = unpacked.get(id);
  if (known) return known;
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), false, key.passphrase);
  const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) throw new Error('the signing key bundle has no key or no certificate');
  const made = { key: keyBag.key as forge.pki.rsa.PrivateKey, certificate: certBag.cert };
  if (unpacked.size > 64) unpacked.clear();
  unpacked.set(id, made);
  return made;
}

/** A detached CMS SignedData (SHA-256, RSA) over `content`, with the signer's certificate. */
function cmsSignature(content: Buffer, signer: Unpacked, signingTime: Date): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content.toString('binary'));
  p7.addCertificate(signer.certificate);
  p7.addSigner({
    key: signer.key,
    certificate: signer.certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.signingTime, value: signingTime as unknown as string },
      { type: forge.pki.oids.messageDigest },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

// ---- reading the PDF we wrote -------------------------------------------------------------

interface Structure {
  size: number;
  root: number;
  info: number | null;
  id: string | null;
  xref: number;
  offsets: Map<number, number>;
}

/** The trailer and cross-reference table of a PDF ending with a classic xref table (pdfkit's). */
function readStructure(pdf: Buffer): Structure {
  const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!start) throw new Error('signing: no startxref at the end of the PDF');
  const xref = Number(start[1]);
  const text = pdf.subarray(xref).toString('latin1');
  if (!text.startsWith('xref')) throw new Error('signing: the PDF has no classic cross-reference table');
  const trailerAt = text.indexOf('trailer');
  if (trailerAt < 0) throw new Error('signing: no trailer');
  const offsets = new Map<number, number>();
  const lines = text
    .slice(4, trailerAt)
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter(Boolean);
  let next = 0;
  for (const line of lines) {
    const section = /^(\d+) (\d+)$/.exec(line);
    if (section) {
      next = Number(section[1]);
      continue;
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])$/.exec(line);
    if (!entry) throw new Error(`signing: unreadable xref entry ${line}`);
    if (entry[3] === 'n') offsets.set(next, Number(entry[1]));
    next++;
  }
  const trailer = text.slice(trailerAt, text.indexOf('startxref', trailerAt));
  const size = /\/Size (\d+)/.exec(trailer);
  const root = /\/Root (\d+) 0 R/.exec(trailer);
  if (!size || !root) throw new Error('signing: the trailer has no /Size or /Root');
  if (/\/Encrypt/.test(trailer)) throw new Error('signing: encrypted PDFs are not signed');
  const info = /\/Info (\d+) 0 R/.exec(trailer);
  const id = /\/ID\s*(\[\s*<[0-9a-fA-F]*>\s*<[0-9a-fA-F]*>\s*\])/.exec(trailer);
  return { size: Number(size[1]), root: Number(root[1]), info: info ? Number(info[1]) : null, id: id ? id[1] : null, xref, offsets };
}

/** The dictionary text (`<< ... >>`) of an object that is a plain dictionary. */
function objectDictionary(pdf: Buffer, structure: Structure, id: number): string {
  const at = structure.offsets.get(id);
  if (at === undefined) throw new Error(`signing: object ${id} is not in the cross-reference table`);
  const text = pdf.subarray(at, Math.min(pdf.length, at + 64 * 1024)).toString('latin1');
  const head = new RegExp(`^${id} 0 obj\\s*`).exec(text);
  const end = text.indexOf('endobj');
  if (!head || end < 0) throw new Error(`signing: object ${id} is not where the table says`);
  const body = text.slice(head[0].length, end).trim();
  if (!body.startsWith('<<') || !body.endsWith('>>') || /\bstream\b/.test(body))
    throw new Error(`signing: object ${id} is not a dictionary`);
  return body;
}

/** Adds an entry to the dictionary text (before its closing `>>`). */
const withEntry = (dictionary: string, entry: string) => `${dictionary.slice(0, -2).trimEnd()}\n${entry}\n>>`;

// ---- writing ----------------------------------------------------------------------------

/** A PDF text string: literal when plain ASCII, else UTF-16BE with its byte order mark. */
function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(value, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

const pdfDateString = (date: Date) => `(D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`;
const num = (n: number) => String(Math.round(n * 100) / 100);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shownDate = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;

interface FontkitFont {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: { path: { commands: { command: string; args: number[] }[] } }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

/** The width of `text` in points at `size`. */
function textWidth(font: FontkitFont, text: string, size: number): number {
  const run = font.layout(text);
  return (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) / font.unitsPerEm;
}

/** `text` as filled vector outlines (PDF path operators) with its baseline starting at (x, y). */
function outlines(font: FontkitFont, text: string, size: number, x: number, y: number): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const ops: string[] = [];
  let penX = x;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const ox = penX + position.xOffset * scale;
    const oy = y + position.yOffset * scale;
    const px = (v: number) => num(ox + v * scale);
    const py = (v: number) => num(oy + v * scale);
    let cx = 0;
    let cy = 0;
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') {
        ops.push(`${px(args[0])} ${py(args[1])} m`);
        [cx, cy] = args;
      } else if (command === 'lineTo') {
        ops.push(`${px(args[0])} ${py(args[1])} l`);
        [cx, cy] = args;
      } else if (command === 'quadraticCurveTo') {
        const [qx, qy, ex, ey] = args;
        const c1 = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)];
        const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)];
        ops.push(`${px(c1[0])} ${py(c1[1])} ${px(c2[0])} ${py(c2[1])} ${px(ex)} ${py(ey)} c`);
        [cx, cy] = [ex, ey];
      } else if (command === 'bezierCurveTo') {
        ops.push(`${px(args[0])} ${py(args[1])} ${px(args[2])} ${py(args[3])} ${px(args[4])} ${py(args[5])} c`);
        [cx, cy] = [args[4], args[5]];
      } else if (command === 'closePath') ops.push('h');
    }
    penX += position.xAdvance * scale;
  });
  return ops.join('\n');
}

/** The largest size up to `size` at which `text` fits `width`, cut with an ellipsis below 5 pt. */
function fitted(font: FontkitFont, text: string, size: number, width: number): { text: string; size: number } {
  let s = size;
  while (s > 5 && textWidth(font, text, s) > width) s -= 0.25;
  let t = text;
  while (t.length > 1 && textWidth(font, t, s) > width) t = `${t.slice(0, -2)}…`;
  return { text: t, size: s };
}

/** The widget's appearance: a framed box with a tick, "Digitally signed", by whom and when. */
function appearance(provider: string, when: Date, width: number, height: number): Buffer {
  const fonts = loadFonts() as unknown as { regular: FontkitFont; bold: FontkitFont };
  const pad = 5;
  const textX = pad + 14;
  const room = width - textX - pad;
  const line1 = fitted(fonts.bold, 'Digitally signed', 7.5, room);
  const line2 = fitted(fonts.regular, `by ${provider}`, 6.5, room);
  const line3 = fitted(fonts.regular, shownDate(when), 6.5, room);
  const ops = [
    'q',
    '0.937 0.957 0.984 rg',
    `0.4 0.4 ${num(width - 0.8)} ${num(height - 0.8)} re f`,
    '0.051 0.278 0.631 RG 0.8 w',
    `0.4 0.4 ${num(width - 0.8)} ${num(height - 0.8)} re S`,
    // A tick in a circle.
    '0.106 0.498 0.231 RG 1.2 w 1 J 1 j',
    `${num(pad + 1)} ${num(height / 2)} m ${num(pad + 4)} ${num(height / 2 - 3.5)} l ${num(pad + 10)} ${num(height / 2 + 4)} l S`,
    '0.051 0.278 0.631 rg',
    outlines(fonts.bold, line1.text, line1.size, textX, height - pad - 7),
    'f',
    '0.122 0.161 0.216 rg',
    outlines(fonts.regular, line2.text, line2.size, textX, height - pad - 16.5),
    'f',
    '0.357 0.392 0.447 rg',
    outlines(fonts.regular, line3.text, line3.size, textX, height - pad - 25),
    'f',
    'Q',
  ];
  return Buffer.from(ops.join('\n'), 'latin1');
}

/**
 * Signs a PDF made by `Pdf` (pdf.ts) with the namespace's key: a visible signature in the
 * footer of the last page, one incremental update, ByteRange over the whole file but the
 * signature value. `info.name` is the provider shown in the box.
 */
export async function signPdf(
  pdf: Buffer,
  key: { p12: Buffer; passphrase: string },
  info: { name: string; reason: string; location: string },
  signingTime: Date = new Date(),
): Promise<Buffer> {
  const signer = unpack(key);
  const structure = readStructure(pdf);
  const catalog = objectDictionary(pdf, structure, structure.root);
  if (/\/AcroForm/.test(catalog)) throw new Error('signing: the PDF already has a form');
  const pagesId = /\/Pages (\d+) 0 R/.exec(catalog);
  if (!pagesId) throw new Error('signing: the catalog has no /Pages');
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(objectDictionary(pdf, structure, Number(pagesId[1])));
  const pageRefs = kids ? [...kids[1].matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1])) : [];
  if (pageRefs.length === 0) throw new Error('signing: no pages');
  const pageId = pageRefs[pageRefs.length - 1];
  const page = objectDictionary(pdf, structure, pageId);
  const mediaBox = /\/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s*\]/.exec(page);
  const pageHeight = mediaBox ? Number(mediaBox[1]) : A4.height;

  const sigId = structure.size;
  const widgetId = sigId + 1;
  const apId = sigId + 2;
  const slot = SIGNATURE_SLOT;
  const rect = [slot.x, pageHeight - slot.y - slot.height, slot.x + slot.width, pageHeight - slot.y];
  const stream = deflateSync(appearance(info.name, signingTime, slot.width, slot.height));

  const annots = /\/Annots\s*\[([^\]]*)\]/.exec(page);
  const newPage = annots
    ? page.replace(annots[0], `/Annots [${annots[1].trim()} ${widgetId} 0 R]`)
    : withEntry(page, `/Annots [${widgetId} 0 R]`);
  if (/\/Annots\s+\d+ 0 R/.test(page)) throw new Error('signing: the last page keeps its annotations elsewhere');
  const newCatalog = withEntry(catalog, `/AcroForm << /Fields [${widgetId} 0 R] /SigFlags 3 >>`);

  const byteRangePlaceholder = `[0 ${'0'.repeat(10)} ${'0'.repeat(10)} ${'0'.repeat(10)}]`;
  const objects: [number, Buffer][] = [
    [
      sigId,
      Buffer.from(
        `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /adbe.pkcs7.detached\n/ByteRange ${byteRangePlaceholder}\n` +
          `/Contents <${'0'.repeat(SIGNATURE_BYTES * 2)}>\n/M ${pdfDateString(signingTime)}\n/Name ${pdfString(info.name)}\n` +
          `/Reason ${pdfString(info.reason)}\n/Location ${pdfString(info.location)}\n` +
          `/Prop_Build << /App << /Name /InspectionPortal >> >>\n>>`,
        'latin1',
      ),
    ],
    [
      widgetId,
      Buffer.from(
        `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T ${pdfString('Signature1')}\n/TU ${pdfString(`Digitally signed by ${info.name}`)}\n` +
          `/V ${sigId} 0 R\n/F 4\n/P ${pageId} 0 R\n/Rect [${rect.map(num).join(' ')}]\n/AP << /N ${apId} 0 R >>\n>>`,
        'latin1',
      ),
    ],
    [
      apId,
      Buffer.concat([
        Buffer.from(
          `<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 ${num(slot.width)} ${num(slot.height)}]\n/Resources << >>\n` +
            `/Filter /FlateDecode\n/Length ${stream.length}\n>>\nstream\n`,
          'latin1',
        ),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    ],
    [pageId, Buffer.from(newPage, 'latin1')],
    [structure.root, Buffer.from(newCatalog, 'latin1')],
  ];

  // The update: objects, a cross-reference section of what changed, the trailer.
  const parts: Buffer[] = [pdf];
  let offset = pdf.length;
  if (pdf[pdf.length - 1] !== 0x0a) {
    parts.push(Buffer.from('\n'));
    offset += 1;
  }
  const offsets = new Map<number, number>();
  for (const [id, body] of objects) {
    const chunk = Buffer.concat([Buffer.from(`${id} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.set(id, offset);
    parts.push(chunk);
    offset += chunk.length;
  }
  const xrefAt = offset;
  const ids = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (let i = 0; i < ids.length; ) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
    xref += `${ids[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(ids[k])).padStart(10, '0')} 00000 n \n`;
    i = j + 1;
  }
  const trailer =
    `trailer\n<<\n/Size ${apId + 1}\n/Root ${structure.root} 0 R\n` +
    `${structure.info !== null ? `/Info ${structure.info} 0 R\n` : ''}${structure.id ? `/ID ${structure.id}\n` : ''}` +
    `/Prev ${structure.xref}\n>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, 'latin1'));
  const out = Buffer.concat(parts);

  // The byte range: everything but the hex string of /Contents (its < and > included).
  const sigAt = offsets.get(sigId) as number;
  const contentsAt = out.indexOf('/Contents <', sigAt, 'latin1') + '/Contents '.length;
  const contentsEnd = contentsAt + SIGNATURE_BYTES * 2 + 2;
  const range = [0, contentsAt, contentsEnd, out.length - contentsEnd];
  const rangeAt = out.indexOf(byteRangePlaceholder, sigAt, 'latin1');
  const rangeText = `[${range.join(' ')}`;
  out.write(`${rangeText.padEnd(byteRangePlaceholder.length - 1, ' ')}]`, rangeAt, 'latin1');

  const signed = Buffer.concat([out.subarray(0, contentsAt), out.subarray(contentsEnd)]);
  const cms = cmsSignature(signed, signer, signingTime);
  if (cms.length > SIGNATURE_BYTES) throw new Error('signing: the signature is larger than its placeholder');
  out.write(cms.toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  return out;
}
