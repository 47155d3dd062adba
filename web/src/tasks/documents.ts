import { type CertificateStatus, type DocumentPhase, type DocumentState, readCertificateStatus } from '@portal/contracts';

/** The certificate status of DECISIONS 5 read for the PREVIEW tab (contracts `tasks/certificateStatus.ts`). */
export { readCertificateStatus };
export type { CertificateStatus, DocumentPhase, DocumentState };

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
