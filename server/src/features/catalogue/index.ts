// The catalogue feature's interface: what other features, features/index.ts and demo/ use.
export { recordsUsingForm, taskTypesUsingAssetType } from './inUse';
