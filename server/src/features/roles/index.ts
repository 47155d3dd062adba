// The roles feature's interface: what other features, features/index.ts and demo/ use.
export { rolesRoutes } from './roles.routes';
export { roleSetting } from './roles.service';
