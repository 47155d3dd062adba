// The offices feature's interface: what other features, features/index.ts and demo/ use.
export { officesRoutes } from './offices.routes';
export { officeLocation } from './offices.service';
