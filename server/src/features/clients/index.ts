// The clients feature's interface: what other features, features/index.ts and demo/ use.
export { clientsRoutes } from './clients.routes';
export { findClient, findSite, siteScope } from './clients.queries';
export { clientLocation, siteLocation } from './clients.service';
export { clientLogoRoutes } from './logo.routes';
export { formatAddress } from './rows';
