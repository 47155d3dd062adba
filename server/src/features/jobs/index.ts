// The jobs feature's interface: what other features, features/index.ts and demo/ use.
export { isoDate } from './jobs.queries';
export { jobsRoutes } from './jobs.routes';
export { refreshJobStatus } from './jobs.steps';
