import {
  CONFIG_META_KEY,
  CONFIG_OBJECT_ALIASES,
  CONFIG_OBJECT_TYPE,
  type ConfigRow,
  ConfigSaveBody,
  CONFIGURATIONS,
  checkConfigurationText,
  checkConfigurationValue,
  knownConfiguration,
  TENANT_ID,
  settingsRowCan,
} from '@portal/contracts';
import { configurations } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { RequestContext } from '../context';
import { defineSettingObject, type SettingType } from '../settings';

type ConfigRecord = typeof configurations.$inferSelect;

/** The text the editor shows: as saved from the editor, else the stored JSON laid out. */
const textOf = (c: ConfigRecord) => c.configText ?? JSON.stringify(c.configJson, null, 2);

/** The spec's settings envelope (section 3), with the Config's one metadata entry. */
const envelope = (c: ConfigRecord, text: string) =>
  JSON.stringify({
    id: c.id,
    name: c.name,
    key: CONFIG_META_KEY,
    status: c.status,
    tenant_id: TENANT_ID,
    object_type: CONFIG_OBJECT_TYPE,
    created_date: c.createdAt.toISOString(),
    modified_date: c.modifiedAt.toISOString(),
    metadata: [
      {
        setting_id: c.id,
        tenant_id: TENANT_ID,
        meta_key: CONFIG_META_KEY,
        meta_value: text,
        data_type: 'JSON',
        object_type: CONFIG_OBJECT_TYPE,
        display_name: c.name,
      },
    ],
  });

/**
 * The document of a save: JSON text (kept as typed) or JSON, checked against the schema of
 * its name when the portal reads it. A syntax error is the spec's 'Please Enter a valid JSON';
 * a document that does not fit names its first wrong path.
 */
function documentOf(name: string, configJson: unknown): { value: unknown; text: string | null } {
  const check = typeof configJson === 'string' ? checkConfigurationText(name, configJson) : checkConfigurationValue(name, configJson);
  if (!check.ok && check.syntax) throw badRequest(check.message, { configJson: check.message });
  if (!check.ok) throw badRequest(check.message, { [check.path]: check.reason });
  return { value: check.value, text: typeof configJson === 'string' ? configJson : null };
}

const configurationKit = defineSettingObject({
  objectType: CONFIG_OBJECT_TYPE,
  aliases: CONFIG_OBJECT_ALIASES,
  table: configurations,
  activeNameIndex: 'configurations_active_name_key',
  permissions: { read: 'configurations.read', options: 'configurations.read', write: 'configurations.write' },
  messages: CONFIGURATIONS,
  row(c, ctx): ConfigRow {
    const known = knownConfiguration(c.name);
    const text = textOf(c);
    return {
      id: c.id,
      objectType: CONFIG_OBJECT_TYPE,
      tenantId: TENANT_ID,
      key: CONFIG_META_KEY,
      name: c.name,
      configJson: text,
      known: known?.title ?? null,
      status: c.status,
      createdDate: c.createdAt.toISOString(),
      modifiedDate: c.modifiedAt.toISOString(),
      settingWithMetadata: envelope(c, text),
      can: settingsRowCan(ctx.user.role, 'configurations.write', { status: c.status, kept: known !== null }),
    };
  },
  save: {
    schema: ConfigSaveBody,
    values(input, existing) {
      // The portal finds its own configurations by name: renaming one would switch it off unseen.
      const wasKnown = existing ? knownConfiguration(existing.name) : null;
      if (wasKnown && wasKnown !== knownConfiguration(input.name))
        throw badRequest(CONFIGURATIONS.knownCannotBeRenamed, { name: CONFIGURATIONS.knownCannotBeRenamed });
      const document = documentOf(input.name, input.configJson);
      return { name: input.name, configJson: document.value, configText: document.text };
    },
  },
  async archiveCheck(_tx, _ctx, record) {
    if (knownConfiguration(record.name)) throw conflict(CONFIGURATIONS.knownCannotBeArchived);
  },
});

/**
 * The session user carries the web-access rules and feature switches, and each instance may
 * reuse a built session user for SESSION_CACHE_MS: after a change, this instance drops the
 * namespace's cached ones so that the next GET /api/login reads the new document.
 */
function forgetCachedSessions(ctx: RequestContext) {
  ctx.app.sessions.forgetNamespace(ctx.scope.namespaceId);
}

/** Configurations (Settings > Configuration): served by the generic /api/Setting calls. */
export const configurationSetting: SettingType = {
  ...configurationKit,
  save: {
    permission: 'configurations.write',
    run: async (ctx, body) => {
      const row = await configurationKit.saveRow(ctx, body);
      forgetCachedSessions(ctx);
      return row;
    },
  },
  archive: {
    permission: 'configurations.write',
    run: async (ctx, id) => {
      const answer = await configurationKit.archive!.run(ctx, id);
      forgetCachedSessions(ctx);
      return answer;
    },
  },
};
