// The dashboard feature's interface: what other features, features/index.ts and demo/ use.
export { dashboardRoutes } from './dashboard.routes';
export { dashboardTabsSetting, visibleTabs } from './dashboard.service';
