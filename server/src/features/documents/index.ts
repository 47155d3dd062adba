/**
 * The documents feature's interface (docs/documents.md): what other features, the app, the demo
 * seed, the bench and tests outside this folder may use. Everything else here is internal.
 */

// The app's Fastify declarations (app.db, app.blobs, app.config; multipart requests) that the
// plugin and routes below rely on, for programs that compile only what they import (the bench).
import type {} from '@fastify/multipart';
import type {} from '../../types';

// Queueing a task's documents (in the caller's transaction; then `app.documents.nudge()`).
export { type DocumentPhase, enqueueTaskDocuments } from './enqueue';
// The app: the worker and verification pages (plugin), the API routes.
export { documentsPlugin } from './plugin';
export { documentsRoutes } from './documents.routes';
// The task's verification address.
export { verificationUrlOfTask } from './verify';
// Draining the queue by hand (API tests, where DOCUMENT_POLL_MS=0).
export { drainDocumentJobs } from './worker';
export type { WorkerDeps } from './lease';
// The fonts (the QR sticker sheet draws with them).
export { loadFonts } from './fonts';
// Making and signing documents outside the queue (the demo seed's issued certificates, the bench).
export { loadTaskDocumentData } from './data';
export { renderCertificate } from './certificate';
export { renderBooklet } from './booklet';
export { renderReport } from './render';
export { sampleBookletData, sampleDocumentData } from './sample';
export { signPdf } from './signing';
export { makeSigningKey, signingKey } from './signingKeys';
export { certificateFacts, DOCUMENT_OWNER } from './generate';
