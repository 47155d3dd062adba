// pending h/docs: documents/documents.routes.ts imports canSeeTask from here; at merge it
// imports it from lib/taskScope.ts (the task visibility rule) and this file goes.
export { canSeeTask } from '../../lib/taskScope';
