-- The documents queue's phase and state become closed sets (DOCUMENT_PHASES in contracts,
-- DOCUMENT_JOB_STATES in db/schema/documents.ts). The server has only ever written these values;
-- a row holding anything else (written by hand) cannot be worked, so it is first marked failed
-- (which takes it out of the open-row unique index) and an unknown phase is read as preview.
UPDATE "document_jobs"
   SET "state" = 'failed', "last_error" = coalesce("last_error", 'unknown state or phase: ' || "state" || ' / ' || "phase"),
       "finished_at" = coalesce("finished_at", now()), "locked_at" = NULL, "locked_by" = NULL
 WHERE "state" NOT IN ('queued', 'running', 'done', 'failed') OR "phase" NOT IN ('preview', 'final');--> statement-breakpoint
UPDATE "document_jobs" SET "phase" = 'preview' WHERE "phase" NOT IN ('preview', 'final');--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_phase_check" CHECK ("document_jobs"."phase" in ('preview', 'final'));--> statement-breakpoint
ALTER TABLE "document_jobs" ADD CONSTRAINT "document_jobs_state_check" CHECK ("document_jobs"."state" in ('queued', 'running', 'done', 'failed'));