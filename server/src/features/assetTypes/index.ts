// The assetTypes feature's interface: what other features, features/index.ts and demo/ use.
export { assetTypesRoutes } from './assetTypes.routes';
export { assetTypeSetting, llgAssetTypes } from './assetTypes.service';
