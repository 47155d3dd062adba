import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { linkBase } from '../../config';
import { verifyPageRoutes } from './verify';
import { DEFAULT_WORKER_SETTINGS, requeueOrphanedJobs } from './lease';
import { DocumentWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This instance's documents worker (features/documents/worker.ts). After a transaction that
     * queued documents commits, call `app.documents.nudge()` so they start at once; the poll
     * timer (DOCUMENT_POLL_MS) picks up everything else, from any instance.
     */
    documents: DocumentWorker;
  }
}

/**
 * The documents worker of this instance, started once the app is ready and stopped on close
 * (DOCUMENT_POLL_MS=0 leaves it off: the API tests drain the queue themselves), and the public
 * verification pages under /verify/ (outside /api, registered before the web app's fallback).
 * On the embedded database, rows a previous process left running (kill -9 during generation)
 * go back to the queue before the worker starts: no other process can be working on them.
 */
export const documentsPlugin = fp(async (app: FastifyInstance) => {
  const worker = new DocumentWorker(
    {
      db: app.db,
      blobs: app.blobs,
      log: app.log,
      settings: { ...DEFAULT_WORKER_SETTINGS, publicUrl: linkBase(app.config) },
    },
    app.config.documentPollMs,
  );
  app.decorate('documents', worker);
  await app.register(verifyPageRoutes);
  app.addHook('onReady', async () => {
    if (app.dbKind === 'pglite') {
      try {
        const requeued = await requeueOrphanedJobs(app.db);
        if (requeued > 0) app.log.warn({ requeued }, 'document jobs left running by a previous process were queued again');
      } catch (error) {
        // Their lease runs out soon anyway; the worker then takes them again.
        app.log.error({ err: error }, 'could not requeue document jobs left running by a previous process');
      }
    }
    worker.start();
  });
  app.addHook('onClose', async () => worker.stop());
});
