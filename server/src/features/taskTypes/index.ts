// The taskTypes feature's interface: what other features, features/index.ts and demo/ use.
export { taskTypeSetting } from './taskTypes.service';
