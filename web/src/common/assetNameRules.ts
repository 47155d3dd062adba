import { DEFAULT_DISALLOWED_ASSET_CHARS, LOCKED_DISALLOWED_ASSET_CHARS } from '@portal/contracts';

import { DISALLOWED_CHARS_KEY as KEY } from '../api/session';

/**
 * The disallowed asset-name characters, chosen in the Configuration panel and kept locally
 * until logout; each sign-in starts from the server's defaults (api/session.ts).
 */

export function readDisallowedAssetChars(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (Array.isArray(stored) && stored.every((c) => typeof c === 'string')) {
      return [...new Set([...stored, ...LOCKED_DISALLOWED_ASSET_CHARS])];
    }
  } catch {
    // A damaged value falls back to the defaults.
  }
  return [...DEFAULT_DISALLOWED_ASSET_CHARS];
}

export function saveDisallowedAssetChars(chars: string[]): void {
  localStorage.setItem(KEY, JSON.stringify([...new Set([...chars, ...LOCKED_DISALLOWED_ASSET_CHARS])]));
}
