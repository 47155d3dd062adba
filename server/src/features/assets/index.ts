// The assets feature's interface: what other features, features/index.ts and demo/ use.
export { assetsRoutes } from './assets.routes';
export { assetScope, findAsset } from './assets.queries';
export { assetLocation, saveAssetIn } from './assets.service';
export { moveAssetIn } from './assetsArea.service';
export { inspectorOptions, qualifyingInspectorIds } from './jobResources.service';
// The item status SQL (over `a.last_result`, `a.due_date`) and the Specifications line, for the Assessments dashboard.
export { iso, itemStatusSql } from './assetsArea.sql';
export { specificationsOf } from './assetDashboard.service';
