import { DEFAULT_DISALLOWED_ASSET_CHARS, LOCKED_DISALLOWED_ASSET_CHARS } from '@portal/contracts';

/** The disallowed asset-name characters, chosen in the Configuration panel and kept locally. */
const KEY = 'portal.disallowedAssetChars';

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
