/**
 * The server's import rules (docs/decisions.md "Flat features"), checked by `npm run lint`:
 * features are rooms side by side that talk only through each other's `index.ts`; `lib/` and
 * `db/` sit below every feature; `demo/` sits above them. Tests are not checked (a test may
 * reach into what it tests).
 */
const FEATURE = '^server/src/features/([^/]+)/';
const INDEX = '^server/src/features/[^/]+/index\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'feature-internals',
      comment: "A feature imports another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: FEATURE },
      to: {
        path: '^server/src/features/[^/]+/',
        pathNot: ['^server/src/features/$1/', INDEX],
      },
    },
    {
      name: 'outside-feature-internals',
      comment: 'Code outside the features (app, demo/, features/index.ts...) reaches a feature through its index.ts.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: FEATURE },
      to: { path: '^server/src/features/[^/]+/', pathNot: INDEX },
    },
    {
      name: 'lib-and-db-below-features',
      comment: 'lib/ and db/ import no feature, plugin, demo code nor the app.',
      severity: 'error',
      from: { path: '^server/src/(lib|db)/' },
      to: { path: '^server/src/(features|plugins|demo)/|^server/src/(app|server)\\.ts$' },
    },
    {
      name: 'db-below-lib',
      comment: 'db/ imports nothing of lib/ (lib/ builds on db/); what both need sits in src/appError.ts or config.ts.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/lib/' },
    },
    {
      name: 'appError-is-a-leaf',
      comment: 'src/appError.ts, under db/ and lib/, imports nothing of the server.',
      severity: 'error',
      from: { path: '^server/src/appError\\.ts$' },
      to: { path: '^server/src/', pathNot: '^server/src/appError\\.ts$' },
    },
    {
      name: 'plugins-below-features',
      comment: 'Plugins import no feature and no demo code: a feature hands them what they need (clean-ups...).',
      severity: 'error',
      from: { path: '^server/src/plugins/' },
      to: { path: '^server/src/(features|demo)/' },
    },
    {
      name: 'config-is-a-leaf',
      comment: 'config.ts is read by everything and imports nothing of the server.',
      severity: 'error',
      from: { path: '^server/src/config\\.ts$' },
      to: { path: '^server/src/', pathNot: '^server/src/config\\.ts$' },
    },
    {
      name: 'demo-above-features',
      comment: 'Nothing but the app (and tests) imports the demo seed.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(demo/|app\\.ts$)' },
      to: { path: '^server/src/demo/' },
    },
    {
      name: 'no-feature-cycles',
      comment: 'No two features import each other, even through index.ts.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/features/[^/]+/?$' },
      to: { path: '^server/src/features/[^/]+/?$', circular: true },
    },
    {
      name: 'no-module-cycles',
      comment: 'No server module imports itself round a loop.',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 (the native compiler) has no JavaScript API for dependency-cruiser; swc parses.
    parser: 'swc',
    tsConfig: { fileName: 'server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|^server/test/' },
    includeOnly: '^server/src/',
    cache: false,
  },
};
