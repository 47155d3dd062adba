// The files feature's interface: what other features, features/index.ts and demo/ use.
export { filesRoutes } from './files.routes';
