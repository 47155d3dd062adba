// The tasks feature's interface: what other features, features/index.ts and demo/ use.
export { addMonths, certificateNextDue, checklistFromTaskType } from './tasks.rules';
export { tasksRoutes } from './tasks.routes';
export { completeInspections } from './tasks.llg';
