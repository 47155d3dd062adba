import { z } from 'zod';

/**
 * The public verification of a final certificate (DECISIONS 8): `GET /verify/<code>` (a page
 * rendered by the server) and `GET /api/verify/<code>` (the same facts as JSON). Only the
 * certificate's own facts, as issued: nothing about users or other tasks.
 */
export const VERIFICATION_STATES = ['current', 'amended', 'superseded', 'withdrawn'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VerifyParams = z.object({ code: z.string().min(1).max(64) });

/** What a certificate said when it was issued (kept with its hash, so a later edit of the task does not change it). */
export const CertificateFacts = z.object({
  issuer: z.string(),
  client: z.string(),
  site: z.string(),
  asset: z.string(),
  serialNumber: z.string().nullable(),
  assetType: z.string().nullable(),
  taskType: z.string(),
  /** 1 Pass, 2 Fail, 3 Pending (DECISIONS 5). */
  result: z.number().nullable(),
  inspectionDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** DECISIONS 9: who examined (everyone who saved results) and who approved; absent on older issues. */
  inspectors: z.array(z.string()).optional(),
  approver: z.string().nullable().optional(),
  /** Any defect an existing danger ('NOT SAFE TO USE'). */
  notSafeToUse: z.boolean().optional(),
  /** The issue an amended certificate replaces (number, revision, issue date, SHA-256). */
  replaces: z.object({ number: z.string(), revision: z.number(), issuedAt: z.string(), sha256: z.string() }).nullable().optional(),
});
export type CertificateFacts = z.infer<typeof CertificateFacts>;

export const VerifyAnswer = CertificateFacts.extend({
  number: z.string(),
  revision: z.number(),
  issuedAt: z.string(),
  sha256: z.string(),
  state: z.enum(VERIFICATION_STATES),
  /** A sentence for the state ('Superseded by revision 2'...). */
  stateText: z.string(),
  /** The issues of the same certificate before and after this one, each with its verification code. */
  previous: z.object({ revision: z.number(), code: z.string(), issuedAt: z.string() }).nullable(),
  next: z.object({ revision: z.number(), code: z.string(), issuedAt: z.string() }).nullable(),
});
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;

/** `POST /api/verify/<code>/check` with the PDF as the body (application/pdf): whether it is the issued file. */
export const VerifyCheckAnswer = z.object({
  match: z.boolean(),
  sha256: z.string(),
  message: z.string(),
  /**
   * exact: the issued file byte for byte; signed-content-intact: another file whose signature
   * by the provider covers exactly the issued content (re-saved, something appended);
   * not-issued: anything else.
   */
  verdict: z.enum(['exact', 'signed-content-intact', 'not-issued']).optional(),
});
export type VerifyCheckAnswer = z.infer<typeof VerifyCheckAnswer>;
