/**
 * The certificate status of DECISIONS 5 read for the PREVIEW tab: tens 1 preview (draft) or
 * 3 final, units 1 queued, 2 generating, 3 ready, 9 failed.
 */
export type DocumentPhase = 'preview' | 'final';
export type DocumentState = 'queued' | 'generating' | 'ready' | 'failed';

const STATES: Readonly<Record<number, DocumentState>> = { 1: 'queued', 2: 'generating', 3: 'ready', 9: 'failed' };

export interface CertificateStatus {
  phase: DocumentPhase;
  state: DocumentState;
}

export function readCertificateStatus(status: number | null | undefined): CertificateStatus | null {
  if (status === null || status === undefined) return null;
  const tens = Math.floor(status / 10);
  const state = STATES[status % 10];
  if (!state || (tens !== 1 && tens !== 3)) return null;
  return { phase: tens === 1 ? 'preview' : 'final', state };
}

/** The page asks again while the documents are queued or being generated. */
export const isPending = (status: number | null | undefined) => {
  const read = readCertificateStatus(status);
  return read !== null && (read.state === 'queued' || read.state === 'generating');
};

const PHASE_LABEL: Record<DocumentPhase, string> = { preview: 'Preview certificate', final: 'Certificate' };
const STATE_LABEL: Record<DocumentState, string> = {
  queued: 'queued',
  generating: 'being generated',
  ready: 'ready',
  failed: 'failed to generate',
};

/** 'Preview certificate: being generated' (ours: the spec shows no texts for these). */
export function certificateStatusText(status: number | null | undefined): string {
  const read = readCertificateStatus(status);
  return read ? `${PHASE_LABEL[read.phase]}: ${STATE_LABEL[read.state]}` : 'No certificate yet';
}

/** How often PREVIEW asks for the task while its documents are pending (ms). */
export const POLL_MS = 2000;
