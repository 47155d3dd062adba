/** Texts of the task documents and the public verification page (all ours: the spec has none). */
export const DOCUMENTS = {
  notReady: (what: string) => `The ${what} is not ready yet: it is being generated`, // (ours)
  failed: (what: string) => `The ${what} could not be generated; use Regenerate to try again`, // (ours)
  none: (what: string) => `This task has no ${what}`, // (ours)
  unknownCategory: 'category must be 1 (certificate), 2 (field report) or 3 (full checklist report)', // (ours)
  verifyUnknown: 'No certificate matches this verification code', // (ours)
  verifyTooMany: 'Too many verification requests; try again in a minute', // (ours)
  verifyNoFile: 'Choose the PDF file of the certificate to check', // (ours)
  verifyMatch: 'This PDF is the certificate exactly as issued', // (ours)
  verifyMismatch: 'This PDF does NOT match the issued certificate: it was altered or is another document', // (ours)
  /** The file differs from the issued one, but its signature is valid, by the provider's key, over the issued content. (ours) */
  verifySignedIntact:
    'Signed content intact, but the file was changed after signing: the certificate it shows is the one issued, yet this copy is not byte for byte the issued file', // (ours)
  /** Neither the issued file nor a valid signature of it by the provider. (ours) */
  verifyNotIssued: (provider: string) => `This PDF does NOT match the issued certificate: it is not a certificate issued by ${provider}`,
} as const;

/** What each category of `GET /api/filedownload?id=<taskId>&category=` serves. */
export const DOCUMENT_CATEGORY_NAME = { '1': 'certificate', '2': 'field report', '3': 'full checklist report' } as const;
