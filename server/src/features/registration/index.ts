// The registration feature's interface: what features/index.ts, the demo seed and the tests use.
export { createNamespaceDefaults, DEFAULT_WEB_ACCESS, insertNamespaceRoles } from './defaults';
export { registrationRoutes } from './registration.routes';
export { registrationTestHooks } from './registration.service';
