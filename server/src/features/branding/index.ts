// The branding feature's interface: what other features, features/index.ts and demo/ use.
export { brandingRoutes } from './branding.routes';
