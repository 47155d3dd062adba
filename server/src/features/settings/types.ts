import { configurationSetting } from '../configurations/configurations.service';
import { dashboardTabsSetting } from '../dashboard/dashboard.service';
import { divisionSetting } from '../divisions/divisions.service';
import { roleSetting } from '../roles/roles.service';
import { assetTypeSetting } from '../assetTypes/assetTypes.service';
import { taskTypeSetting } from '../taskTypes/taskTypes.service';
import { dataFormSetting } from '../dataForms/dataForms.service';
import type { SettingType } from './settingType';

/**
 * Every settings object type the generic `/api/Setting` calls serve, listed explicitly (no
 * registration by import side effects). A new type built with `defineSettingObject` (kit.ts)
 * is added here.
 */
export const SETTING_TYPES: readonly SettingType[] = [
  divisionSetting,
  roleSetting,
  dashboardTabsSetting,
  assetTypeSetting,
  taskTypeSetting,
  configurationSetting,
  dataFormSetting,
];
