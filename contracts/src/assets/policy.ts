import { can, type Permission } from '../permissions';
import { type RuleSubject, type WebAccess, webAccessAllows } from '../webAccess';

/**
 * The assets policy: what the caller may see and do in an asset's panel (tasks document 2.6),
 * from who asks (role, and the namespace's web-access rules matched against their offices and
 * divisions) and the asset's facts. The server answers the flags (`can` of `GET /api/Location/{id}`
 * for an asset), leaves out the attribute values a caller may not see, and refuses the saves
 * they may not make; the web reads the flags (and asks this function about a new asset).
 */
export interface AssetViewer {
  /** The role, offices and divisions the web-access rules are matched against. */
  subject: RuleSubject;
  webAccess: WebAccess | null | undefined;
}

export interface AssetFacts {
  /** null for an asset not saved yet. */
  id: number | null;
  status: number;
  /** The task the asset is opened from keeps it read only (its text), or null. */
  lockedBy: string | null;
}

export const ASSET_ROW_ACTIONS = ['save', 'shift', 'description', 'attributes'] as const;
export type AssetRowAction = (typeof ASSET_ROW_ACTIONS)[number];
export type AssetCan = Record<AssetRowAction, boolean>;

/** The registry permission each flag needs (for a saved asset). */
export const ASSET_ACTION_PERMISSION = {
  save: 'assets.update',
  shift: 'assets.update',
  description: 'assets.read',
  attributes: 'assets.read',
} as const satisfies Record<AssetRowAction, Permission>;

/**
 * "Description and Attributes tabs show only if allowed: always for SCHEDULER; otherwise by a
 * web-access view rule (ASSET-DESCRIPTION, ASSET-ATTRIBUTES) that matches the role and is
 * enabled" (tasks document 2.6). A new asset always shows Description: without it Add New
 * Asset could save nothing (docs/decisions.md).
 */
export function assetCan(viewer: AssetViewer, asset: AssetFacts): AssetCan {
  const { role } = viewer.subject;
  const saved = asset.id !== null;
  const read = can(role, 'assets.read');
  const description =
    read && (!saved || can(role, 'assets.seeDescription') || webAccessAllows(viewer.webAccess, 'ASSET-DESCRIPTION', viewer.subject));
  const attributes = read && (can(role, 'assets.seeAttributes') || webAccessAllows(viewer.webAccess, 'ASSET-ATTRIBUTES', viewer.subject));
  // Save: assets.create for a new asset; assets.update for an active one that no locked task holds.
  const save = saved
    ? can(role, 'assets.update') && asset.status === 1 && asset.lockedBy === null
    : can(role, 'assets.create') && can(role, 'assets.update');
  return {
    save,
    // SHIFT ASSET sits in the Description tab.
    shift: saved && save && description,
    description,
    attributes,
  };
}
