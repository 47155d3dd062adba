import { sql } from 'drizzle-orm';
import { formatDate, JOB_TEXT, TASK_STATUS } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { badRequest, notFound } from '../../lib/errors';
import type { MailContent } from '../../lib/mail';
import type { RequestContext } from '../context';

interface MailJob {
  id: number;
  job_number: string;
  client: string;
  site: string;
  office: string;
  start_date: Date | string;
  end_date: Date | string | null;
  comments: string | null;
  is_day_job: boolean;
}

interface MailTask {
  id: number;
  job_id: number;
  name: string;
  task_type: string;
  asset: string | null;
  due_date: Date | string | null;
  inspector_id: number | null;
}

interface Recipient {
  id: number;
  name: string;
  email: string;
}

async function jobsOf(ctx: RequestContext, ids: number[]): Promise<Map<number, MailJob>> {
  const rows = await queryRows<MailJob>(
    ctx.db,
    sql`select j.id, j.job_number, c.name as client, s.name as site, o.name as office, j.start_date, j.end_date, j.comments, j.is_day_job
          from jobs j join client_companies c on c.id = j.customer_id join sites s on s.id = j.site_id join offices o on o.id = j.office_id
         where j.id = any(${sql.param(ids)}::int[]) and j.namespace_id = ${ctx.scope.namespaceId}::int`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const taskSelect = sql`select t.id, t.job_id, t.name, tt.name as task_type, a.name as asset, t.due_date, t.inspector_id
  from tasks t join task_types tt on tt.id = t.task_type_id left join assets a on a.id = t.asset_id`;

/** Active users of the namespace with an address, by id. */
async function recipients(ctx: RequestContext, ids: number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Recipient>(
    ctx.db,
    sql`select id, name, email from users where id = any(${sql.param(ids)}::int[]) and namespace_id = ${ctx.scope.namespaceId}::int and status = 1`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The job's facts as every job mail prints them. */
function jobFacts(job: MailJob): MailContent['facts'] {
  return [
    ['Job Number', `${job.job_number}${job.is_day_job ? ' (day job)' : ''}`],
    ['Client', job.client],
    ['Site', job.site],
    ['Lo Office', job.office],
    ['Start Date', formatDate(job.start_date)],
    ['End Date', job.end_date ? formatDate(job.end_date) : null],
    ['Comments', job.comments || null],
  ];
}

function taskItems(tasks: MailTask[]): string[] {
  return tasks.map(
    (t) => `${t.task_type}${t.asset ? ` on ${t.asset}` : ''}${t.due_date ? `, planned ${formatDate(t.due_date)}` : ''} (task ${t.id})`,
  );
}

const OPEN_TASKS = 'Open the portal (Operations > Tasks) to start the inspection.';

/** The mail to an inspector about tasks of one job given to them: new, or moved to them. */
function tasksMail(kind: 'new' | 'reassigned', person: Recipient, sender: string, job: MailJob, tasks: MailTask[]): MailContent {
  const what = kind === 'new' ? 'assigned to you' : 'reassigned to you';
  return {
    subject: `Job ${job.job_number}: ${tasks.length} ${kind === 'new' ? 'new ' : ''}task(s) ${what}`,
    greeting: `Dear ${person.name},`,
    paragraphs: [
      kind === 'new'
        ? `${sender} has assigned you the following task(s).`
        : `${sender} has made you the inspector of the following task(s).`,
    ],
    facts: jobFacts(job),
    list: { title: 'Tasks', items: taskItems(tasks) },
    closing: [OPEN_TASKS],
  };
}

/** Mails each recipient the given tasks of each job that are theirs, one mail per (person, job). */
async function mailTasksByJob(ctx: RequestContext, kind: 'new' | 'reassigned', tasks: MailTask[]): Promise<number> {
  const jobs = await jobsOf(ctx, [...new Set(tasks.map((t) => Number(t.job_id)))]);
  const people = await recipients(ctx, [...new Set(tasks.map((t) => t.inspector_id).filter((id): id is number => id !== null))]);
  let sent = 0;
  for (const person of people.values()) {
    for (const job of jobs.values()) {
      const ofJob = tasks.filter((t) => Number(t.inspector_id) === Number(person.id) && Number(t.job_id) === Number(job.id));
      if (ofJob.length === 0) continue;
      await ctx.app.mailer.send({
        namespaceId: ctx.scope.namespaceId,
        to: person.email,
        content: tasksMail(kind, person, ctx.user.name, job, ofJob),
      });
      sent++;
    }
  }
  return sent;
}

/**
 * POST /api/getNotification: mails each inspector the new tasks given to them, grouped by job.
 * Tasks without an inspector (the LLG special task) are left out. Answers how many mails went.
 */
export async function notifyNewTasks(ctx: RequestContext, taskIds: number[]): Promise<{ message: string; sent: number }> {
  const tasks = await queryRows<MailTask>(
    ctx.db,
    sql`${taskSelect} where t.id = any(${sql.param(taskIds)}::int[]) and t.namespace_id = ${ctx.scope.namespaceId}::int
         and t.status <> ${TASK_STATUS.DELETED}::int order by t.job_id, t.id`,
  );
  if (tasks.length === 0) throw notFound(JOB_TEXT.unknownTask);
  const sent = await mailTasksByJob(ctx, 'new', tasks);
  return { message: JOB_TEXT.notificationSent, sent };
}

/**
 * After a save of tasks (POST /api/Observation/All): mails each inspector newly put on saved
 * tasks of a job (the task row's Inspector changed) those tasks, grouped by job, as the job
 * reassignment mail does for the job's main inspector. Answers how many mails went.
 */
export async function notifyReassignedTasks(ctx: RequestContext, taskIds: number[]): Promise<number> {
  if (taskIds.length === 0) return 0;
  const tasks = await queryRows<MailTask>(
    ctx.db,
    sql`${taskSelect} where t.id = any(${sql.param(taskIds)}::int[]) and t.namespace_id = ${ctx.scope.namespaceId}::int
         and t.inspector_id is not null order by t.job_id, t.id`,
  );
  return mailTasksByJob(ctx, 'reassigned', tasks);
}

/**
 * POST /api/getNotificationForReassignedJob/{scheduleId}/{inspectorId}: mails the inspector now
 * on the job (main or other inspector) the job and its live tasks.
 */
export async function notifyReassigned(ctx: RequestContext, scheduleId: number, inspectorId: number) {
  const job = (await jobsOf(ctx, [scheduleId])).get(scheduleId);
  if (!job) throw notFound(JOB_TEXT.notFound);
  const [onJob] = await queryRows<{ ok: boolean }>(
    ctx.db,
    sql`select exists (select 1 from jobs where id = ${scheduleId}::int and main_inspector_id = ${inspectorId}::int)
            or exists (select 1 from job_inspectors where job_id = ${scheduleId}::int and user_id = ${inspectorId}::int) as ok`,
  );
  const person = (await recipients(ctx, [inspectorId])).get(inspectorId);
  if (!onJob?.ok || !person) throw badRequest(JOB_TEXT.unknownInspector, { inspectorId: JOB_TEXT.unknownInspector });
  const tasks = await queryRows<MailTask>(
    ctx.db,
    sql`${taskSelect} where t.job_id = ${scheduleId}::int and t.status not in (${TASK_STATUS.CANCELLED}, ${TASK_STATUS.DELETED}) order by t.id`,
  );
  await ctx.app.mailer.send({
    namespaceId: ctx.scope.namespaceId,
    to: person.email,
    content: {
      subject: `Job ${job.job_number} has been assigned to you`,
      greeting: `Dear ${person.name},`,
      paragraphs: [`${ctx.user.name} has made you the inspector of this job.`],
      facts: jobFacts(job),
      list: { title: 'Tasks', items: taskItems(tasks), empty: 'The job has no tasks yet.' },
    },
  });
  return { message: JOB_TEXT.notificationSent, sent: 1 };
}
