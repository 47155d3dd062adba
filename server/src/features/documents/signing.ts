import { deflateSync } from 'node:zlib';
import { A4, SIGNATURE_SLOT } from './pdfLayout';
import { appearance, num } from './signatureAppearance';
import { cmsSignature, unpack } from './signingKeys';

/**
 * Digital signatures of the final PDFs (DECISIONS 8), with the namespace's own self-signed key
 * (`signingKeys.ts`; the widget's appearance: `signatureAppearance.ts`).
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

/** Room for the CMS (hex in the file): a 2048-bit signature and the certificate take about 1.5 KB. */
const SIGNATURE_BYTES = 8192;

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
