import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { serverSecrets } from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * Digital signatures of the final PDFs (DECISIONS 8). Each namespace signs with its own
 * self-signed certificate, made with node-forge the first time it is needed and kept in the
 * database (`server_secrets`, name `pdf-signing:<namespace id>`), so every instance and every
 * restart signs with the same key. The first instance to insert wins; the others read its row.
 * The key never leaves the server and is not in the audit trail.
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

/** Signs a PDF (an invisible signature with the namespace's key); one signer per PDF. */
export async function signPdf(
  pdf: Buffer,
  key: { p12: Buffer; passphrase: string },
  info: { name: string; reason: string; location: string },
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    contactInfo: '',
    name: info.name,
    location: info.location,
    signatureLength: 8192,
    appName: 'InspectionPortal',
  });
  const signer = new P12Signer(key.p12, { passphrase: key.passphrase });
  return new SignPdf().sign(withPlaceholder, signer);
}
