// The Loose Gear register's interface (tasks document 2.7): its routes, for features/index.ts.
export { looseGearRoutes } from './looseGear.routes';
