// The LLG feature's interface: the children of a job's LLG task (features/index.ts mounts the routes).
export { llgRoutes } from './llg.routes';
