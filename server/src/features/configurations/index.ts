// The configurations feature's interface: what other features, features/index.ts and demo/ use.
export { readConfiguration, readConfigurations } from './configurations.queries';
export { configurationsRoutes } from './configurations.routes';
export { configurationSetting } from './configurations.service';
