// ESLint 9 flat config. Its job is the layer rules of ARCHITECTURE.md, not style; the one
// preset is eslint-plugin-svelte's recommended (the Svelte ecosystem's own checks: runes,
// {@html}, keyed each blocks, unused svelte-ignore comments...). Formatting is Prettier's
// (`npm run format`). Two mechanisms for the layers:
//  - `no-restricted-imports` for package names (electron, node builtins, svelte, socket.io...);
//  - `chronicle/layers` (below) for relative imports between layers. A pattern on the import
//    string cannot tell `../bots` in src/shared/rules/x.ts (= src/shared/bots) from the same
//    string one folder deeper, so this rule resolves the path and looks up both layers.
// Flat-config note: when two blocks set the same rule for a file, the later one wins whole
// (options are not merged), so every block below lists its complete ban list.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import svelteParser from 'svelte-eslint-parser';

const ROOT = import.meta.dirname;

// ---- layers (most specific prefix first) ---------------------------------------------------
const LAYERS = [
  ['src/shared/ids', 'ids'], // ids.ts, the branded ids (imported without its extension): every layer may use it
  ['src/shared/rules/', 'rules'],
  ['src/shared/bots/', 'bots'],
  ['src/shared/protocol/', 'protocol'],
  ['src/shared/', 'shared'], // e.g. src/shared/bridge.ts
  ['src/main/host/', 'host'],
  ['src/main/discovery/', 'host'],
  ['src/main/cli/', 'host'],
  ['src/main/bots/', 'host'],
  ['src/main/', 'shell'],
  ['src/preload/', 'preload'],
  ['src/renderer/', 'renderer'],
];
// Which layers each layer may import by relative path. 'type' = `import type` only.
const SHARED_ALL = { shared: 'all', rules: 'all', bots: 'all', protocol: 'all', ids: 'all' };
const MAY_IMPORT = {
  ids: {},
  rules: { rules: 'all', ids: 'all' },
  bots: { bots: 'all', rules: 'all', protocol: 'all', ids: 'all' }, // protocol: the bot levels a seat is given
  protocol: { protocol: 'all', rules: 'all', ids: 'all' },
  shared: { ...SHARED_ALL },
  host: { host: 'all', ...SHARED_ALL },
  shell: { shell: 'all', host: 'all', ...SHARED_ALL },
  preload: { preload: 'all', shared: 'all', protocol: 'all', ids: 'all' },
  renderer: { renderer: 'all', shared: 'all', protocol: 'all', rules: 'type', ids: 'all' },
};

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return LAYERS.find(([prefix]) => rel.startsWith(prefix))?.[1] ?? null;
}

// `import type {..}`, `export type {..} from`, or every specifier `type`: erased at build time.
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specs = node.specifiers ?? [];
  return specs.length > 0 && specs.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const layersRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      banned: '{{from}} may not import {{to}} (see ARCHITECTURE.md, "Layers").',
      typeOnly: '{{from}} may import {{to}} only with `import type` (see ARCHITECTURE.md, "Layers").',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return; // package names: no-restricted-imports
      const target = path.resolve(path.dirname(context.filename), source.value);
      const to = layerOf(target);
      const allowed = to ? MAY_IMPORT[from][to] : undefined;
      if (allowed === 'all' || (allowed === 'type' && isTypeOnly(node))) return;
      const messageId = allowed === 'type' ? 'typeOnly' : 'banned';
      context.report({ node: source, messageId, data: { from, to: to ?? 'files outside src/' } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source),
    };
  },
};

// ---- package bans ---------------------------------------------------------------------------
const NODE_BUILTINS = [
  { regex: '^node:', message: 'Node builtins are not available in this layer.' },
  {
    regex: `^(${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})(/|$)`,
    caseSensitive: true,
    message: 'Node builtins are not available in this layer.',
  },
];
const ELECTRON = [{ regex: '^electron(/|$)', message: 'Only src/main/*.ts and src/preload import electron.' }];
const pkgs = (names, message) => [{ regex: `^(${names.join('|')})(/|$)`, message }];
const SERVER_PKGS = pkgs(['socket\\.io', 'bonjour-service', 'sirv', 'qrcode-terminal', 'tsx'], 'Server-side package.');
const UI_PKGS = pkgs(['svelte', 'socket\\.io-client'], 'UI/client package.');
const only = (allowed, layer) => [
  {
    // any package name (not a relative path) except the allowed ones
    regex: `^(?!\\.|(${allowed.join('|')})(/|$))`,
    message: `${layer} may import packages: ${allowed.join(', ') || 'none'}.`,
  },
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

// The engine is deterministic: randomness comes from the seeded PRNG in the state; no clock.
const DETERMINISM = {
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: 'Use the seeded PRNG from the game state.' },
    { object: 'Date', property: 'now', message: 'No clock in shared code: pass time in.' },
  ],
};

export default defineConfig(
  {
    // `*.config.ts.*.mjs`: the bundled config electron-vite writes beside its config while a build
    // runs and deletes after; `npm test` lints and builds side by side, so lint may see it go.
    ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/', 'repeat-results/', '.data/', 'build/', '*.config.ts.*.mjs'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' },
  },
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parser: svelteParser, parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['src/**/*.{ts,js,svelte}'],
    plugins: { chronicle: { rules: { layers: layersRule } } },
    rules: { 'chronicle/layers': 'error' },
  },
  // src/shared: pure TypeScript, runs in Node, Electron and the browser alike.
  {
    files: ['src/shared/**/*.ts'],
    rules: { ...restrict([...ELECTRON, ...NODE_BUILTINS, ...SERVER_PKGS, ...UI_PKGS]), ...DETERMINISM },
  },
  { files: ['src/shared/rules/**/*.ts'], rules: restrict(only(['zod', '@noble/hashes', '@noble/ciphers'], 'src/shared/rules')) },
  { files: ['src/shared/bots/**/*.ts'], rules: restrict(only([], 'src/shared/bots')) },
  { files: ['src/shared/protocol/**/*.ts'], rules: restrict(only(['zod'], 'src/shared/protocol')) },
  // Host, discovery and CLI run headless too (`chronicle host`): never electron.
  { files: ['src/main/{host,discovery,cli,bots}/**/*.ts'], rules: restrict(ELECTRON) },
  // Renderer: a browser page (also on phones) talking Socket.IO; no electron, no Node.
  { files: ['src/renderer/**/*.{ts,svelte}'], rules: restrict([...ELECTRON, ...NODE_BUILTINS, ...SERVER_PKGS]) },
  // An assertion the types do not need hides nothing but still reads as a doubt: `!` and `as`
  // only where the compiler cannot know (with noUncheckedIndexedAccess, an index may be absent).
  {
    files: ['src/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { project: ['./tsconfig.shared.json', './tsconfig.web.json', './tsconfig.node.json'], tsconfigRootDir: ROOT } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-extra-non-null-assertion': 'error',
      '@typescript-eslint/no-non-null-asserted-optional-chain': 'error',
    },
  },
  // Tests: a forgotten .only silently skips the rest of the suite.
  {
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', ...['describe', 'it', 'test'].map((object) => ({ object, property: 'only', message: 'Remove .only before committing.' }))],
    },
  },
);
