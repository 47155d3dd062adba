import { sql } from 'drizzle-orm';
import { type ChangeJobDetailsBody, JOB_DETAILS_STATUS, SPECIAL_OBSERVATION_TYPE, TASK_TEXT } from '@portal/contracts';
import type { z } from 'zod';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import { siteLocation } from '../clients';
import type { RequestContext } from '../context';
import { enqueueTaskDocuments } from '../documents';
import { auditNote, lockTask } from './tasks.lock';

type Input = z.output<typeof ChangeJobDetailsBody>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Section 5's checks of JOB DETAILS, with the spec's texts per field. */
function validate(input: Input): { inspected: Date; pin: number } {
  const fields: Record<string, string> = Object.create(null);
  const site = input.siteDetails;
  if (!site.name?.trim()) fields['siteDetails.name'] = TASK_TEXT.siteNameRequired;
  if (!site.street?.trim()) fields['siteDetails.street'] = TASK_TEXT.streetRequired;
  const pinText = site.pin === null || site.pin === undefined ? '' : String(site.pin).trim();
  if (pinText === '') fields['siteDetails.pin'] = TASK_TEXT.pincodeRequired;
  else if (!/^[0-9]{1,9}$/.test(pinText)) fields['siteDetails.pin'] = TASK_TEXT.pincodeNumeric;
  const raw = input.observationDetails.actualInspectionDate;
  let inspected = new Date(Number.NaN);
  if (raw === null || raw === undefined || raw === '') fields['observationDetails.actualInspectionDate'] = TASK_TEXT.inspectionDateRequired;
  else if (typeof raw === 'string' && DATE_ONLY.test(raw.trim()))
    fields['observationDetails.actualInspectionTime'] = TASK_TEXT.inspectionTimeRequired;
  else {
    inspected = new Date(raw);
    const year = inspected.getUTCFullYear();
    if (Number.isNaN(inspected.getTime()) || year < 1970 || year > 2200)
      fields['observationDetails.actualInspectionDate'] = TASK_TEXT.inspectionDateRequired;
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  return { inspected, pin: Number(pinText) };
}

/**
 * POST /api/Observation/changejobdetails: the actual inspection date and time of the task, the
 * job's vendor details and the address of the task's site, only while the task is submitted (8);
 * then the preview is generated again.
 */
export async function changeJobDetails(ctx: RequestContext, input: Input) {
  const { inspected, pin } = validate(input);
  const id = input.observationDetails.id;
  const answer = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    if (task.observation_type === SPECIAL_OBSERVATION_TYPE) throw conflict(TASK_TEXT.specialType);
    if (task.status !== JOB_DETAILS_STATUS) throw conflict(TASK_TEXT.jobDetailsOnlySubmitted);
    const siteId = input.siteDetails.id ?? task.site_id;
    if (siteId !== task.site_id && siteId !== task.job_site_id) {
      throw badRequest(TASK_TEXT.siteNameRequired, { 'siteDetails.id': 'must be the site of this task' });
    }
    const site = input.siteDetails;
    const name = site.name?.trim() ?? '';
    // A name an active sibling of the site has is refused by the sites' index (409, as the Location screen).
    await siteLocation.guard(
      { name },
      () =>
        tx.execute(
          sql`update sites set name = ${name}, street = ${site.street?.trim() ?? null}, city = ${site.city?.trim() || null},
                 state = ${site.state?.trim() || null}, country = ${site.country?.trim() || null}, pin = ${pin}::int, modified_at = now()
           where id = ${siteId}::int and namespace_id = ${ctx.scope.namespaceId}::int`,
        ),
      'siteDetails.',
    );
    const schedule = input.scheduleDetails;
    await tx.execute(
      sql`update jobs set vendor_details = ${schedule.vendorDetails?.trim() || null}, sub_vendor_details = ${schedule.subVendorDetails?.trim() || null},
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${task.job_id}::int`,
    );
    await tx.execute(
      sql`update tasks set actual_inspection_date = ${inspected.toISOString()}::timestamptz, modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${id}::int`,
    );
    await auditNote(tx, ctx, id, { action: 'changeJobDetails', from: task.status, to: task.status });
    await enqueueTaskDocuments(tx, { id, namespaceId: task.namespace_id }, 'preview', ctx.user.id);
    const [after] = await queryRows<{ certificate_status: number | null }>(
      tx,
      sql`select certificate_status from tasks where id = ${id}::int`,
    );
    return { message: TASK_TEXT.jobDetailsSaved, id, certificateStatus: after?.certificate_status ?? null };
  });
  // Committed: this instance's worker starts the preview now (others find it by their poll).
  ctx.app.documents.nudge();
  return answer;
}
