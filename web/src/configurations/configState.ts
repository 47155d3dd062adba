import { CONFIG_NEW, CONFIG_NONE_SELECTED, type ConfigRow, CONFIGURATIONS, checkConfigurationText } from '@portal/contracts';

/** What the screen edits: the current configuration (id -99 none selected, -1 new). */
export interface CurrentConfig {
  id: number;
  name: string;
  text: string;
}

export const NONE_SELECTED: CurrentConfig = { id: CONFIG_NONE_SELECTED, name: '', text: '' };
/** A new configuration starts as an empty object, ready to type into. */
export const NEW_CONFIG: CurrentConfig = { id: CONFIG_NEW, name: '', text: '{\n  \n}\n' };

export const currentOf = (row: ConfigRow): CurrentConfig => ({ id: row.id, name: row.name, text: row.configJson });

/** Add Configuration is enabled only when the current id is not positive and not -1. */
export const canAdd = (current: CurrentConfig) => !(current.id > 0) && current.id !== CONFIG_NEW;

/** Cancel clears the selection, so it has something to do only while one is selected. */
export const canCancel = (current: CurrentConfig) => current.id !== CONFIG_NONE_SELECTED;

/** 'Configuration Name is Mandatory !!' or 'Duplicate Configuration Name !!' (another active one, any case). */
export function nameError(current: CurrentConfig, rows: readonly ConfigRow[]): string | null {
  if (current.id === CONFIG_NONE_SELECTED) return null;
  const name = current.name.trim().toLowerCase();
  if (!name) return CONFIGURATIONS.nameMandatory;
  if (rows.some((row) => row.id !== current.id && row.name.trim().toLowerCase() === name)) return CONFIGURATIONS.duplicateName;
  return null;
}

/** 'Please Enter a valid JSON' while the text does not parse (the spec's one JSON rule). */
export function jsonError(current: CurrentConfig): string | null {
  if (current.id === CONFIG_NONE_SELECTED) return null;
  const check = checkConfigurationText(current.name, current.text);
  return !check.ok && check.syntax ? check.message : null;
}

/**
 * A document the portal reads that does not fit its schema: the path and the reason, the same
 * message the server refuses the save with. Save stays enabled (the spec disables it for
 * invalid JSON only); the server has the last word.
 */
export function schemaProblem(current: CurrentConfig): { path: string; message: string } | null {
  if (current.id === CONFIG_NONE_SELECTED) return null;
  const check = checkConfigurationText(current.name, current.text);
  return !check.ok && !check.syntax ? { path: check.path, message: check.message } : null;
}

/** Save is disabled if no config is selected, the JSON is invalid, the name is missing or has an error. */
export function canSave(current: CurrentConfig, rows: readonly ConfigRow[]): boolean {
  return current.id !== CONFIG_NONE_SELECTED && !jsonError(current) && !nameError(current, rows);
}

/** Whether the editor holds changes that are not saved. */
export function isDirty(current: CurrentConfig, rows: readonly ConfigRow[]): boolean {
  if (current.id === CONFIG_NONE_SELECTED) return false;
  if (current.id === CONFIG_NEW) return current.name.trim() !== '' || current.text !== NEW_CONFIG.text;
  const row = rows.find((r) => r.id === current.id);
  return !row || row.name !== current.name || row.configJson !== current.text;
}
