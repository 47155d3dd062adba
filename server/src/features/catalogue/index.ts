// The catalogue feature's interface: what other features, features/index.ts and demo/ use.
export {
  activeJobsOfOffice,
  activeJobsWithTasks,
  assetsOfType,
  recordsUsingForm,
  taskTypesInDivision,
  taskTypesUsingAssetType,
} from './inUse';
