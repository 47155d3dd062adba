// The assets feature's interface: what other features, features/index.ts and demo/ use.
export { assetsRoutes } from './assets.routes';
export { assetScope, findAsset } from './assets.queries';
export { assetLocation, saveAssetIn } from './assets.service';
export { moveAssetIn } from './assetsArea.service';
export { inspectorOptions, qualifyingInspectorIds } from './jobResources.service';
export { daysLeftSql, iso, itemStatusSql } from './assetsArea.sql';
