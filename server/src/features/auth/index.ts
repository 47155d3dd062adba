// The auth feature's interface: what other features, features/index.ts and demo/ use.
export { authRoutes } from './auth.routes';
export { loadUserContext } from './sessionUser';
