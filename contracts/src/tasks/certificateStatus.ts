/**
 * The certificate status of a task (DECISIONS 5) as a typed record, and the spec's two-digit code
 * in one place: tens 1 preview (draft) or 3 final, units 1 queued, 2 generating, 3 ready,
 * 9 failed. Nothing else does arithmetic on the code.
 */
export const DOCUMENT_PHASES = ['preview', 'final'] as const;
export type DocumentPhase = (typeof DOCUMENT_PHASES)[number];
export const DOCUMENT_STATES = ['queued', 'generating', 'ready', 'failed'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export interface CertificateStatus {
  phase: DocumentPhase;
  state: DocumentState;
}

const PHASE_TENS: Readonly<Record<DocumentPhase, number>> = { preview: 10, final: 30 };
const STATE_UNIT: Readonly<Record<DocumentState, number>> = { queued: 1, generating: 2, ready: 3, failed: 9 };

/** The spec's code of a phase and state: `certificateStatusCode('final', 'ready')` is 33. */
export function certificateStatusCode(phase: DocumentPhase, state: DocumentState): number {
  return PHASE_TENS[phase] + STATE_UNIT[state];
}

/** The record a code stands for, or null for no status or a code the spec does not know. */
export function readCertificateStatus(code: number | null | undefined): CertificateStatus | null {
  if (code === null || code === undefined) return null;
  for (const phase of DOCUMENT_PHASES)
    for (const state of DOCUMENT_STATES) if (certificateStatusCode(phase, state) === code) return { phase, state };
  return null;
}

/** Every code of a phase (for SQL: `certificate_status = any(...)`). */
export const certificateStatusCodes = (phase: DocumentPhase): number[] =>
  DOCUMENT_STATES.map((state) => certificateStatusCode(phase, state));

/** Approve needs a ready preview (13). */
export const READY_PREVIEW = certificateStatusCode('preview', 'ready');
/** A final certificate that is issued (33). */
export const READY_FINAL = certificateStatusCode('final', 'ready');
