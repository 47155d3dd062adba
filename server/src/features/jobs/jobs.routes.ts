import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  JobActionAnswer,
  JobActionParams,
  JobFileParams,
  JobFilesAnswer,
  JobFilter,
  JobListQuery,
  JobRow,
  JobTask,
  NotificationAnswer,
  NotificationBody,
  NotificationQuery,
  ReassignParams,
  ScheduleBody,
  ScheduleSaveAnswer,
  ScheduleWithTasksAnswer,
  ScheduleWithTasksBody,
  TaskOfJobQuery,
  TaskSaveAnswer,
  TaskSaveBody,
  TaskSaveQuery,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import './jobs.dependencies';
import { uploadJobFiles } from './jobs.files';
import { notifyNewTasks, notifyReassigned } from './jobs.notify';
import { jobAction, jobList, jobTotal, saveSchedule, saveScheduleWithTasks, tasksOfSchedule } from './jobs.service';
import { saveTasks } from './jobs.taskSave';

const CountQuery = JobListQuery.pick({ filter: true });

/** Jobs (schedules) and the tasks of a job (shell document section 7). */
export async function jobsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Schedule',
    { config: { permission: 'jobs.read' }, schema: { querystring: JobListQuery, response: { 200: JobRow.array() } } },
    // JSON text from the database (jobs.queries.ts), sent as it is: the schema documents it.
    async (request, reply) => {
      const filter = readFilter(request, JobFilter);
      const json = await jobList(contextOf(app, request), filter, request.query);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  r.get(
    '/Schedule/count',
    { config: { permission: 'jobs.read' }, schema: { querystring: CountQuery, response: { 200: z.number() } } },
    async (request) => jobTotal(contextOf(app, request), readFilter(request, JobFilter)),
  );

  r.post(
    '/Schedule',
    {
      config: { permission: { anyOf: ['jobs.create', 'jobs.update'] } },
      schema: { body: ScheduleBody, response: { 200: ScheduleSaveAnswer } },
    },
    async (request) => saveSchedule(contextOf(app, request), request.body),
  );

  // Ours (issue 20): the job and its tasks in one transaction, the mails after the commit.
  r.post(
    '/Schedule/withTasks',
    {
      config: { permission: { anyOf: ['jobs.create', 'jobs.update'] } },
      schema: { body: ScheduleWithTasksBody, response: { 200: ScheduleWithTasksAnswer } },
    },
    async (request) => saveScheduleWithTasks(contextOf(app, request), request.body),
  );

  r.delete(
    '/Schedule/:id/:action',
    {
      // Cancel: jobs.cancel; close: jobs.close (the service tells them apart).
      config: { permission: { anyOf: ['jobs.cancel', 'jobs.close'] } },
      schema: { params: JobActionParams, response: { 200: JobActionAnswer } },
    },
    async (request) => jobAction(contextOf(app, request), request.params.id, request.params.action),
  );

  r.get(
    '/Observation/Schedule',
    { config: { permission: 'jobs.read' }, schema: { querystring: TaskOfJobQuery, response: { 200: JobTask.array() } } },
    async (request) => tasksOfSchedule(contextOf(app, request), request.query.scheduleId),
  );

  r.post(
    '/Observation/All',
    {
      config: { permission: 'jobs.update' },
      schema: { querystring: TaskSaveQuery, body: TaskSaveBody, response: { 200: TaskSaveAnswer } },
    },
    async (request) => saveTasks(contextOf(app, request), request.query.scheduleId, request.query.cancelFlag, request.body),
  );

  r.post(
    '/getNotification',
    {
      config: { permission: 'jobs.update' },
      schema: { querystring: NotificationQuery, body: NotificationBody, response: { 200: NotificationAnswer } },
    },
    async (request) => notifyNewTasks(contextOf(app, request), request.body),
  );

  r.post(
    '/getNotificationForReassignedJob/:scheduleId/:inspectorId',
    { config: { permission: 'jobs.update' }, schema: { params: ReassignParams, response: { 200: NotificationAnswer } } },
    async (request) => notifyReassigned(contextOf(app, request), request.params.scheduleId, request.params.inspectorId),
  );

  r.post(
    '/Schedule/attachment/:jobId',
    { config: { permission: 'jobs.update', multipart: true }, schema: { params: JobFileParams, response: { 200: JobFilesAnswer } } },
    async (request) => uploadJobFiles(contextOf(app, request), request, request.params.jobId),
  );
}
