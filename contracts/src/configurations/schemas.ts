import { z } from 'zod';
import { objectTypeOf, RowRights, SaveId } from '../common/schemas';
import { IN_APP_TAB_URLS } from '../compliance/schemas';
import { DASHBOARD_CONFIG_NAME, FEATURES_CONFIG_NAME, WEB_ACCESS_CONFIG_NAME } from '../features';
import { normalizeRole } from '../roles';
import { type RuleSubject, rulesOf, type WebAccess, type WebAccessEntry, webAccessRuleMatches } from '../webAccess';
import { DUE_REMINDERS_CONFIG_NAME, DueRemindersConfig } from '../reminders/schemas';
import { CONFIGURATIONS } from './messages';

/**
 * Configurations (administration document, "Configuration screen", "Config"): named JSON
 * documents of a namespace, settings objects of type Config (tenant 2). Any name may be kept;
 * the documents the portal itself reads (web access, home dashboard, feature switches) have a
 * schema here, and a save that does not fit is refused with the first wrong path.
 */
export const CONFIG_OBJECT_TYPE = 'Config';
export const CONFIG_OBJECT_ALIASES = ['CONFIG', 'Configs'];
/** The spec's `key` of a Config: its one metadata entry. */
export const CONFIG_META_KEY = 'config_json';
/** The spec's ids: -99 none selected, -1 a new configuration. */
export const CONFIG_NONE_SELECTED = -99;
export const CONFIG_NEW = -1;
export const MAX_CONFIG_TEXT = 200_000;

// ---- The documents the portal reads ----

/** A role in a rule: a role of the portal, by its name or an alias (CLIENT_USER...), plus extra words. */
const roleName = (extra: string[] = []) =>
  z
    .string()
    .max(50)
    .superRefine((value, ctx) => {
      if (normalizeRole(value) === null && !extra.includes(value.trim().toUpperCase()))
        ctx.addIssue({ code: 'custom', message: `"${value}" is not a role${extra.length ? ` (nor ${extra.join(' or ')})` : ''}` });
    });

/** An office or division in a rule: its id, or its name or code. */
const RuleRefSchema = z.union([z.number().int().positive(), z.string().trim().min(1).max(200)], {
  error: 'must be an id, a name or a code',
});
const refs = z.array(RuleRefSchema, { error: 'must be a list of ids, names or codes' }).max(500).optional();

/** `viewRules` may be one rule or a list of rules; an error names the path inside whichever was given. */
function oneOrMany<T extends z.ZodType>(item: T) {
  const many = z.array(item).max(100, 'at most 100 rules');
  return z.unknown().superRefine((value, ctx) => {
    const parsed = (Array.isArray(value) ? many : item).safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      ctx.addIssue({
        code: 'custom',
        path: [...issue.path, ...keys.slice(0, 1)],
        message: keys.length ? unknownKeyMessage(keys[0]) : issue.message,
      });
    }
  }) as unknown as z.ZodType<z.output<T> | z.output<T>[]>;
}

/** An object of a document: no keys but its own (a misspelt key would be ignored unseen). */
const documentObject = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape, { error: 'must be a JSON object' });

const unknownKeyMessage = (key: string) => `"${key}" is not a known key`;

export const WebAccessRuleSchema = documentObject({
  roles: z.array(roleName(), { error: 'must be a list of roles' }).max(50).optional(),
  isEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  office: refs,
  division: refs,
});

export const WebAccessEntrySchema = documentObject({
  /** The label shown instead of the default (Assets, Loose Gear, Assessment). */
  name: z.string({ error: 'must be text' }).trim().max(60, 'at most 60 characters').optional(),
  viewRules: oneOrMany(WebAccessRuleSchema).optional(),
});

/**
 * The switch of the job wizard's special LLG task (shell document, "SPECIAL TASKS (LLG toggle,
 * only if enabled by configuration)"): an entry of the web-access rules like the others; the
 * toggle is offered to users whose rule matches.
 */
export const LLG_TASK_ACCESS_KEY = 'LLG';

export const WebAccessConfig = documentObject({
  ASSET: WebAccessEntrySchema.optional(),
  LOOSEGEAR: WebAccessEntrySchema.optional(),
  ASSESSMENT: WebAccessEntrySchema.optional(),
  'ASSET-DESCRIPTION': WebAccessEntrySchema.optional(),
  'ASSET-ATTRIBUTES': WebAccessEntrySchema.optional(),
  [LLG_TASK_ACCESS_KEY]: WebAccessEntrySchema.optional(),
});

/** Whether the job wizard offers the special LLG task to this user (a matching `LLG` rule). */
export function llgSpecialTaskOffered(access: (WebAccess & { LLG?: WebAccessEntry }) | null | undefined, subject: RuleSubject): boolean {
  return rulesOf(access?.[LLG_TASK_ACCESS_KEY]).some((rule) => webAccessRuleMatches(rule, subject));
}

const DashboardRuleSchema = documentObject({
  roles: z
    .array(roleName(['ALL', 'NONE']), { error: 'must be a list of roles' })
    .max(50)
    .optional(),
  division: refs,
  office: refs,
});

/**
 * A tab's page: a page of this portal (/...), an https: page (the CSP's frame-src), or one of
 * the portal's in-app views (`app:compliance`, issue 23), rendered in the app, not framed.
 */
const tabUrl = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'url is required')
  .max(2000)
  .refine(
    (url) =>
      (url.startsWith('/') && !url.startsWith('//')) ||
      /^https:\/\/[^\s]+$/i.test(url) ||
      (IN_APP_TAB_URLS as readonly string[]).includes(url),
    `must be a path of this portal (/...), an https:// address or an in-app view (${IN_APP_TAB_URLS.join(', ')})`,
  );

export const DashboardTabSchema = documentObject({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'at most 100 characters'),
  url: tabUrl,
  isEnabled: z.boolean({ error: 'must be true or false' }).optional(),
  viewRules: oneOrMany(DashboardRuleSchema).optional(),
});

export const DashboardConfig = documentObject({
  tabs: z.array(DashboardTabSchema, { error: 'must be a list of tabs' }).max(50, 'at most 50 tabs'),
});

const featureSwitch = z.boolean({ error: 'must be true or false' }).optional();
export const NamespaceFeaturesConfig = documentObject({
  jobs: featureSwitch,
  jobLite: featureSwitch,
  technicalLibrary: featureSwitch,
  qrSticker: featureSwitch,
});

/** The configurations the portal reads, by name (compared without case, as the readers do). */
export const KNOWN_CONFIGURATIONS: readonly { name: string; title: string; schema: z.ZodType }[] = [
  { name: WEB_ACCESS_CONFIG_NAME, title: 'Web access rules', schema: WebAccessConfig },
  { name: DASHBOARD_CONFIG_NAME, title: 'Home dashboard tabs', schema: DashboardConfig },
  { name: FEATURES_CONFIG_NAME, title: 'Feature switches', schema: NamespaceFeaturesConfig },
  { name: DUE_REMINDERS_CONFIG_NAME, title: 'Due reminders', schema: DueRemindersConfig },
];

export function knownConfiguration(name: string | null | undefined) {
  const lower = (name ?? '').trim().toLowerCase();
  return KNOWN_CONFIGURATIONS.find((known) => known.name.toLowerCase() === lower) ?? null;
}

// ---- Checking a document ----

export type ConfigCheck =
  | { ok: true; value: unknown }
  | { ok: false; syntax: true; message: string }
  | { ok: false; syntax: false; path: string; reason: string; message: string };

/** A document path as people read it: `ASSET.viewRules[0].roles[1]`; the document itself is `(top)`. */
export function documentPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top)';
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
}

const isDocument = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  error: 'must be a JSON object or array',
});

/** Checks a parsed document against the schema of its name (any object or array for other names). */
export function checkConfigurationValue(name: string, value: unknown): ConfigCheck {
  const schema = knownConfiguration(name)?.schema ?? isDocument;
  const shape = isDocument.safeParse(value);
  const parsed = shape.success ? schema.safeParse(value) : shape;
  if (parsed.success) return { ok: true, value };
  const issue = parsed.error.issues[0];
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = documentPath([...issue.path, ...keys.slice(0, 1)]);
  const reason = keys.length ? unknownKeyMessage(keys[0]) : issue.message;
  return { ok: false, syntax: false, path, reason, message: `${path}: ${reason}` };
}

/** Checks JSON text: a syntax error gives the spec's 'Please Enter a valid JSON'. */
export function checkConfigurationText(name: string, text: string): ConfigCheck {
  if (text.length > MAX_CONFIG_TEXT) return { ok: false, syntax: true, message: CONFIGURATIONS.tooLarge };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, syntax: true, message: CONFIGURATIONS.invalidJson };
  }
  return checkConfigurationValue(name, value);
}

// ---- The calls ----

const configName = z
  .string({ error: CONFIGURATIONS.nameMandatory })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, CONFIGURATIONS.nameMandatory).max(200, 'Configuration Name is too long (at most 200 characters)'));

/** POST /api/Setting with objectType Config: create (id absent or -1) or update (id). */
export const ConfigSaveBody = z.object({
  objectType: objectTypeOf(CONFIG_OBJECT_TYPE, CONFIG_OBJECT_ALIASES),
  id: SaveId,
  name: configName,
  /** The document as JSON text (what the editor holds, kept as typed) or as JSON. */
  configJson: z.union([z.string().max(MAX_CONFIG_TEXT, CONFIGURATIONS.tooLarge), z.record(z.string(), z.unknown()), z.array(z.unknown())], {
    error: 'must be JSON text or a JSON document',
  }),
  key: z.string().max(50).optional(),
  tenantId: z.number().optional(),
});
export type ConfigSaveBody = z.input<typeof ConfigSaveBody>;

export const ConfigRow = z.object({
  id: z.number(),
  objectType: z.literal(CONFIG_OBJECT_TYPE),
  tenantId: z.literal(2),
  key: z.literal(CONFIG_META_KEY),
  name: z.string(),
  /** The document as JSON text, as it was saved. */
  configJson: z.string(),
  /** The title of a configuration the portal reads (checked on save), or null. */
  known: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope (section 3) serialised, with its config_json metadata entry. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type ConfigRow = z.infer<typeof ConfigRow>;

/**
 * `GET /api/Setting/metadata?metaKey=config_json&name=`: a configuration's document, parsed
 * (`configJson`) and as JSON text (`metaValue`); both null when the namespace has none.
 */
export const ConfigMetadataAnswer = z.object({
  name: z.string(),
  metaKey: z.literal(CONFIG_META_KEY),
  metaValue: z.string().nullable(),
  configJson: z.unknown(),
});
