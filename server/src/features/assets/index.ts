// The assets feature's interface: what other features, features/index.ts and demo/ use.
export { assetsRoutes } from './assets.routes';
export { assetScope, findAsset } from './assets.queries';
export { assetLocation, saveAssetIn } from './assets.service';
export { moveAssetIn } from './assetsArea.service';
export { inspectorOptions, qualifyingInspectorIds } from './jobResources.service';
// The item status in SQL over an asset aliased `a` (due reminders, compliance overview, assessments),
// and the Specifications line (assessments).
export { daysLeftSql, iso, itemStatusSql } from './assetsArea.sql';
export { specificationsOf } from './assetDashboard.service';
