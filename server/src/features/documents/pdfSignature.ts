import { createHash, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * Reads and checks the embedded signatures of an uploaded PDF, for "Check a PDF" on the public
 * verification page (DECISIONS 8 and 9). Everything here takes hostile input: a garbage file,
 * ByteRange numbers past the end or absurdly large, a Contents that is not hex, a CMS that does
 * not parse or that parses to anything else. Each of them is "no usable signature", never an
 * exception.
 */
export interface EmbeddedSignature {
  byteRange: [number, number, number, number];
  /** The CMS (DER) from /Contents, without its zero padding. */
  cms: Buffer;
  /** SHA-256 (hex) of the bytes the ByteRange covers. */
  signedDigest: string;
  /** Whether the ByteRange reaches the end of the file (nothing was appended after signing). */
  coversWholeFile: boolean;
}

/** At most this many signature dictionaries are looked at (ours have one; each costs a hash of the file). */
const MAX_SIGNATURES = 4;
/** A CMS larger than this is not one of ours (ours are about 1.5 KB in an 8 KB placeholder). */
const MAX_CMS_BYTES = 64 * 1024;

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  messageDigest: '1.2.840.113549.1.9.4',
  signedData: '1.2.840.113549.1.7.2',
};

/** The total length of the DER element at the start of `der`, or null. */
function derLength(der: Buffer): number | null {
  if (der.length < 2 || der[0] !== 0x30) return null;
  const first = der[1];
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  if (count === 0 || count > 4 || der.length < 2 + count) return null;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + der[2 + i];
  return 2 + count + length;
}

const isHex = (byte: number) => (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);

/** The signatures a PDF carries whose ByteRange and Contents are well formed (possibly none). */
export function readSignatures(pdf: Buffer): EmbeddedSignature[] {
  const found: EmbeddedSignature[] = [];
  let from = 0;
  for (let n = 0; n < 1000 && found.length < MAX_SIGNATURES; n++) {
    const at = pdf.indexOf('/ByteRange', from, 'latin1');
    if (at < 0) break;
    from = at + 10;
    const match = /^\/ByteRange\s*\[\s*(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s+(\d{1,15})\s*\]/.exec(
      pdf.subarray(at, at + 160).toString('latin1'),
    );
    if (!match) continue;
    const [a, b, c, d] = match.slice(1, 5).map(Number);
    if (a !== 0 || !(b > 0) || !(c > b) || d < 0 || !Number.isSafeInteger(c + d) || c + d > pdf.length) continue;
    const gap = c - b;
    if (gap < 4 || gap > 2 * MAX_CMS_BYTES + 2 || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) continue;
    let hex = true;
    for (let i = b + 1; i < c - 1 && hex; i++) hex = isHex(pdf[i]);
    if (!hex || (gap - 2) % 2 !== 0) continue;
    const padded = Buffer.from(pdf.subarray(b + 1, c - 1).toString('latin1'), 'hex');
    const length = derLength(padded);
    if (length === null || length > padded.length) continue;
    const signedDigest = createHash('sha256')
      .update(pdf.subarray(0, b))
      .update(pdf.subarray(c, c + d))
      .digest('hex');
    found.push({ byteRange: [a, b, c, d], cms: padded.subarray(0, length), signedDigest, coversWholeFile: c + d === pdf.length });
  }
  return found;
}

/**
 * Whether `signature`'s CMS is a valid SHA-256 signature of the bytes its ByteRange covers,
 * made with the key of `certificatePem` (whatever certificate the CMS itself carries: anyone
 * can put one in).
 */
export function signedWith(signature: EmbeddedSignature, certificatePem: string): boolean {
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.cms.toString('binary')), true);
    const message = forge.pkcs7.messageFromAsn1(asn1) as unknown as {
      type?: string;
      rawCapture?: { signerInfos?: forge.asn1.Asn1[] };
    };
    if (message.type !== OID.signedData) return false;
    const signers = message.rawCapture?.signerInfos ?? [];
    if (signers.length !== 1) return false;
    // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, ...
    const parts = signers[0].value as forge.asn1.Asn1[];
    const digestAlgorithm = forge.asn1.derToOid(((parts[2]?.value as forge.asn1.Asn1[])?.[0]?.value as string) ?? '');
    const attributes = parts[3];
    const signatureValue = parts[5];
    if (digestAlgorithm !== OID.sha256 || attributes?.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || attributes.type !== 0) return false;
    if (typeof signatureValue?.value !== 'string') return false;
    let digest: string | null = null;
    for (const attribute of attributes.value as forge.asn1.Asn1[]) {
      const [type, values] = attribute.value as forge.asn1.Asn1[];
      if (forge.asn1.derToOid(type.value as string) !== OID.messageDigest) continue;
      const value = (values.value as forge.asn1.Asn1[])[0];
      digest = Buffer.from(value.value as string, 'binary').toString('hex');
    }
    if (digest !== signature.signedDigest) return false;
    // What was signed is the DER of the attributes as a SET (not as the [0] it is stored as).
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes.value as forge.asn1.Asn1[]);
    const signedAttributes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    const publicKey = new X509Certificate(certificatePem).publicKey;
    return verify('sha256', signedAttributes, publicKey, Buffer.from(signatureValue.value, 'binary'));
  } catch {
    return false;
  }
}
