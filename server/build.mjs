// Bundles the server (and the shared contracts, which are TypeScript source) into
// dist/server.js; npm dependencies stay external and load from node_modules.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

// React (the mails' HTML layout, lib/mail/layout.ts) picks its build from NODE_ENV when first
// loaded: unset, every mail renders with the development build's checks, four times slower. The
// bundle's first import sets it before any package loads (imports run in order, before the body).
mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('./dist/production-env.js', import.meta.url), "process.env.NODE_ENV ??= 'production';\n");

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import './production-env.js'; import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  jsx: 'automatic',
  logLevel: 'warning',
});
console.log('server built: dist/server.js');
