import { constants, createHash, createPrivateKey, generateKeyPair, type KeyObject, privateEncrypt, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { serverSecrets } from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * The signing keys of the final PDFs (DECISIONS 8; `signing.ts` writes the signature). Each
 * namespace signs with its own self-signed certificate, made with node-forge the first time it
 * is needed and kept in the database (`server_secrets`, name `pdf-signing:<namespace id>`), so
 * every instance and every restart signs with the same key. The first instance to insert wins;
 * the others read its row. The key never leaves the server and is not in the audit trail.
 */
interface StoredKey {
  /** The PKCS#12 bundle, base64. */
  p12: string;
  passphrase: string;
}

const secretName = (namespaceId: number) => `pdf-signing:${namespaceId}`;

const generateRsa = promisify(generateKeyPair);
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

export interface Unpacked {
  /** The private key for Node's crypto (OpenSSL), which does the RSA operation of a signature. */
  nodeKey: KeyObject;
  certificate: forge.pki.Certificate;
}

/** Opening a PKCS#12 bundle (3DES, key derivation) costs tens of milliseconds: done once per key. */
const unpacked = new Map<string, Unpacked>();

export function unpack(key: { p12: Buffer; passphrase: string }): Unpacked {
  const id = createHash('sha256').update(key.p12).update(key.passphrase).digest('hex');
  const known = unpacked.get(id);
  if (known) return known;
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), false, key.passphrase);
  const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0];
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0];
  if (!keyBag?.key || !certBag?.cert) throw new Error('the signing key bundle has no key or no certificate');
  const made = { nodeKey: createPrivateKey(forge.pki.privateKeyToPem(keyBag.key as forge.pki.rsa.PrivateKey)), certificate: certBag.cert };
  if (unpacked.size > 64) unpacked.clear();
  unpacked.set(id, made);
  return made;
}

/** DER of DigestInfo { sha256, NULL } up to the 32 digest bytes (RFC 8017 section 9.2, note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The signer's key as node-forge's PKCS#7 code calls it (`key.sign(md, scheme)`), with the RSA
 * operation done by Node's crypto: RSASSA-PKCS1-v1_5 is the private-key operation over the
 * DigestInfo with type-1 padding, which `privateEncrypt` with PKCS#1 padding is. The bytes are
 * the same as forge's own; forge's big-number arithmetic in JavaScript took about 55 ms per
 * signature, more than the rest of a certificate's PDF (docs/decisions.md "Signing speed").
 */
function nodeSigner(key: KeyObject): forge.pki.rsa.PrivateKey {
  const sign = (md: forge.md.MessageDigest, scheme?: string) => {
    if (md.algorithm !== 'sha256' || (scheme !== undefined && scheme !== 'RSASSA-PKCS1-V1_5')) {
      throw new Error(`unsupported signature: ${md.algorithm} ${scheme ?? ''}`);
    }
    const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/** A detached CMS SignedData (SHA-256, RSA) over `content`, with the signer's certificate. */
export function cmsSignature(content: Buffer, signer: Unpacked, signingTime: Date): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content.toString('binary'));
  p7.addCertificate(signer.certificate);
  p7.addSigner({
    key: nodeSigner(signer.nodeKey),
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
