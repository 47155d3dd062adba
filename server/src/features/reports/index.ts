// The Reports dashboard's interface (tasks document 2.4): its routes, for features/index.ts.
export { reportsRoutes } from './reports.routes';
