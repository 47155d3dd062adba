import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApproveAnswer,
  ApproveQuery,
  AttachAssetAnswer,
  AttachAssetParams,
  AttachAssetQuery,
  ChangeJobDetailsAnswer,
  ChangeJobDetailsBody,
  ChecklistAnswer,
  ChecklistSaveAnswer,
  ExaminationAnswer,
  ExaminationBody,
  RegenerateAnswer,
  RegenerateQuery,
  TaskCountQuery,
  TaskDetail,
  TaskFilter,
  TaskIdParams,
  TaskInspectorOption,
  TaskListQuery,
  TaskRow,
  TaskStatusAnswer,
  TaskStatusParams,
  TaskStatusQuery,
} from '@portal/contracts';
import { readFilter } from '../../lib/filter';
import { contextOf } from '../context';
import { attachAsset } from './tasks.attachAsset';
import { saveChecklist, taskChecklist } from './tasks.checklist';
import { saveExamination } from './tasks.examination';
import { changeJobDetails } from './tasks.jobDetails';
import {
  approveTask,
  changeTaskStatus,
  REGENERATE_PERMISSION,
  regenerateDocuments,
  taskDetail,
  taskInspectors,
  taskList,
  taskTotal,
} from './tasks.service';

/** Tasks (observations): dashboard, details, workflow, checklist, job details (tasks document section 7). */
export async function tasksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Observation',
    { config: { permission: 'tasks.read' }, schema: { querystring: TaskListQuery, response: { 200: TaskRow.array() } } },
    async (request, reply) => {
      const json = await taskList(contextOf(app, request), readFilter(request, TaskFilter), request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TaskRow[]);
    },
  );

  r.get(
    '/Observation/count',
    { config: { permission: 'tasks.read' }, schema: { querystring: TaskCountQuery, response: { 200: z.number() } } },
    async (request) => taskTotal(contextOf(app, request), readFilter(request, TaskFilter)),
  );

  r.get(
    '/Observation/:id',
    { config: { permission: 'tasks.open' }, schema: { params: TaskIdParams, response: { 200: TaskDetail } } },
    async (request) => taskDetail(contextOf(app, request), request.params.id),
  );

  r.get(
    '/Observation/:id/checklist',
    { config: { permission: 'tasks.open' }, schema: { params: TaskIdParams, response: { 200: ChecklistAnswer } } },
    async (request) => taskChecklist(contextOf(app, request), request.params.id),
  );

  r.put(
    '/Observation/:id/:status',
    {
      config: {
        permission: {
          anyOf: [
            'tasks.submit',
            'tasks.hold',
            'tasks.reopen',
            'tasks.amend',
            'tasks.cancel',
            'tasks.approve',
            'tasks.inspect',
            'llg.removeChild',
          ],
        },
      },
      schema: { params: TaskStatusParams, querystring: TaskStatusQuery, response: { 200: TaskStatusAnswer } },
    },
    async (request) => changeTaskStatus(contextOf(app, request), request.params.id, request.params.status, request.query),
  );

  r.post(
    '/approvetaskweb',
    { config: { permission: 'tasks.approve' }, schema: { querystring: ApproveQuery, response: { 200: ApproveAnswer } } },
    async (request) => approveTask(contextOf(app, request), request.query.id),
  );

  r.post(
    '/addasynctask',
    {
      config: { permission: REGENERATE_PERMISSION },
      schema: { querystring: RegenerateQuery, response: { 200: RegenerateAnswer } },
    },
    async (request) => regenerateDocuments(contextOf(app, request), request.query.id),
  );

  r.post(
    '/apptaskuploadWeb',
    { config: { permission: 'tasks.inspect', multipart: true }, schema: { response: { 200: ChecklistSaveAnswer } } },
    async (request) => saveChecklist(contextOf(app, request), request),
  );

  r.post(
    '/Observation/:id/examination',
    {
      config: { permission: 'tasks.inspect' },
      schema: { params: TaskIdParams, body: ExaminationBody, response: { 200: ExaminationAnswer } },
    },
    async (request) => saveExamination(contextOf(app, request), request.params.id, request.body),
  );

  r.post(
    '/Observation/changejobdetails',
    { config: { permission: 'tasks.jobDetails' }, schema: { body: ChangeJobDetailsBody, response: { 200: ChangeJobDetailsAnswer } } },
    async (request) => changeJobDetails(contextOf(app, request), request.body),
  );

  r.post(
    '/Observation/Asset/:taskId/:assetId',
    {
      config: { permission: 'tasks.attachAsset' },
      schema: { params: AttachAssetParams, querystring: AttachAssetQuery, response: { 200: AttachAssetAnswer } },
    },
    async (request) => attachAsset(contextOf(app, request), request.params.taskId, request.params.assetId, request.query, request.body),
  );

  r.get(
    '/Users/tasktype/:id',
    { config: { permission: 'tasks.amend' }, schema: { params: TaskIdParams, response: { 200: TaskInspectorOption.array() } } },
    async (request) => taskInspectors(contextOf(app, request), request.params.id),
  );
}
