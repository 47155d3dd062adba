/**
 * Per-namespace feature switches (DECISIONS section 3), kept in the namespace's
 * configuration `namespaceFeatures`. The spec's "local development" is all switches on.
 * `jobLite` adds the Job Lite screen; a pilot namespace that uses Job Lite instead of Jobs
 * turns `jobs` off as well (docs/decisions.md).
 */
export interface Features {
  jobs: boolean;
  jobLite: boolean;
  technicalLibrary: boolean;
  qrSticker: boolean;
}

export const DEFAULT_FEATURES: Features = {
  jobs: true,
  jobLite: false,
  technicalLibrary: false,
  qrSticker: false,
};

export const FEATURES_CONFIG_NAME = 'namespaceFeatures';
export const WEB_ACCESS_CONFIG_NAME = 'webUIAccessConfiguration';
export const DASHBOARD_CONFIG_NAME = 'dashboardConfiguration';

export function readFeatures(value: unknown): Features {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const flag = (key: keyof Features) => (typeof source[key] === 'boolean' ? (source[key] as boolean) : DEFAULT_FEATURES[key]);
  return {
    jobs: flag('jobs'),
    jobLite: flag('jobLite'),
    technicalLibrary: flag('technicalLibrary'),
    qrSticker: flag('qrSticker'),
  };
}

/** Characters disallowed in asset names by default (tasks document, section 2.6). */
export const DEFAULT_DISALLOWED_ASSET_CHARS = ['"', "'", '<', '.', '>', '#', '%', '|', '/', '\\', '&'] as const;
/** The hash option is shown but disabled in the Configuration panel. */
export const LOCKED_DISALLOWED_ASSET_CHARS = ['#'] as const;
