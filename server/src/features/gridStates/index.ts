// Grid column states per user and screen (issue 23): its routes, for features/index.ts.
export { gridStatesRoutes } from './gridStates.routes';
