// The locations feature's interface: what other features, features/index.ts and demo/ use.
export type { LocationCallContext, LocationType } from './locationType';
export { locationsRoutes } from './locations.routes';
export { type DefinedLocationType, defineLocationType, type UniqueRule } from './kit';
