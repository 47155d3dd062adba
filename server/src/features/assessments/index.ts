// The Assessments dashboard's interface (tasks document 2.8): its routes, for features/index.ts.
export { assessmentsRoutes } from './assessments.routes';
