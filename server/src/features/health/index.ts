// The health feature's interface: what other features, features/index.ts and demo/ use.
export { healthRoutes } from './health.routes';
