import { z } from 'zod';
import { MessageAnswer } from '../common/schemas';
import { AssetTypeOption, AssetTypeRow } from '../assetTypes/schemas';
import { ConfigRow } from '../configurations/schemas';
import { DataFormOption, DataFormRow } from '../dataForms/schemas';
import { DivisionOption, DivisionRow } from '../divisions/schemas';
import { RoleOption, RoleRow } from '../roleAdmin/schemas';
import { TaskTypeOption, TaskTypeRow } from '../taskTypes/schemas';

/**
 * The answers of the generic settings calls (`/api/Setting...`), which dispatch on the
 * objectType to the types of server/src/features/settings/types.ts. Each answer is the row
 * (or option) of the type it dispatched to: the schema lists the types' rows (as OpenAPI
 * `anyOf`) and, last, any other object, so that a type whose row is not listed yet (dashboard
 * tabs) is described as an object rather than refused. The members keep keys they do not
 * name (`.loose()`), so whichever member matches first, nothing of the answer is dropped.
 * (ours)
 */
const OtherSettingObject = z.looseObject({}).meta({ description: 'A record of another settings object type' });

export const SettingRecordAnswer = z.union([
  DivisionRow.loose(),
  RoleRow.loose(),
  AssetTypeRow.loose(),
  TaskTypeRow.loose(),
  ConfigRow.loose(),
  DataFormRow.loose(),
  OtherSettingObject,
]);
/** `GET /api/Setting?objectType=`: a page of the type's rows. */
export const SettingListAnswer = z.array(SettingRecordAnswer);
/** `GET /api/Setting/Objects` and `/api/Setting/Others`: the type's picker options. */
export const SettingOptionsAnswer = z.array(
  z.union([
    DivisionOption.loose(),
    RoleOption.loose(),
    AssetTypeOption.loose(),
    TaskTypeOption.loose(),
    DataFormOption.loose(),
    OtherSettingObject,
  ]),
);
/** `POST /api/Setting`: the saved row. */
export const SettingSaveAnswer = SettingRecordAnswer;
/** `DELETE /api/Setting/{id}`: the type's "archived" message. */
export const SettingArchiveAnswer = z.union([MessageAnswer, OtherSettingObject]);
