// The Compliance overview's interface (issue 23): its routes, for features/index.ts.
export { complianceRoutes } from './compliance.routes';
