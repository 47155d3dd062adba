// The settings feature's interface: what other features, features/index.ts and demo/ use.
export { defineSettingObject, type SaveOptions, type SettingObject } from './kit';
export { settingsRoutes } from './settings.routes';
export type { SettingType } from './settingType';
