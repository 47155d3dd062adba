// The divisions feature's interface: what other features, features/index.ts and demo/ use.
export { divisionSetting } from './divisions.service';
