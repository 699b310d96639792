// Compiles the server's TypeScript into JavaScript that Node runs as it is: build/server/main.js
// (the server with forms/ and everything else of ours in one file) and build/server/pglite-worker.js
// (the PGlite thread's code). `npm install` builds it (`prepare`) and `npm start` (server/start.mjs)
// rebuilds it when a source is newer, so no TypeScript compiler runs when the product starts.
// Run alone: npm run build:server
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const OUT_DIR = path.join(ROOT, 'build', 'server');
export const SERVER_ENTRY = path.join(OUT_DIR, 'main.js');
/** Packages left in node_modules (see `external` below). */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite', 'pg-boss', 'pg', 'pg-native', 'tesseract.js', '@tesseract.js-data/*', 'pdfjs-dist', 'pdfmake',
  '@libpdf/*', '@napi-rs/*', 'isomorphic-dompurify', 'jsdom', '@aws-sdk/*', '@smithy/*', 'pino', 'thread-stream',
  'pino-pretty', 'nodemailer', 'ioredis', 'file-type', 'esbuild', 'tsx', 'fsevents', '*.node',
  // server/rate-limits.ts loads its stores from node_modules: the plugin too, so they are one copy.
  '@fastify/rate-limit',
];
/** The source files the last build read, written beside it to tell whether it is current. */
const INPUTS_FILE = path.join(OUT_DIR, 'inputs.json');

/** Whether the build exists and no file it was built from (or this script) changed since. */
export function isBuildCurrent() {
  let built;
  let inputs;
  try {
    built = fs.statSync(SERVER_ENTRY).mtimeMs;
    inputs = JSON.parse(fs.readFileSync(INPUTS_FILE, 'utf8'));
  } catch {
    return false;
  }
  // The bundled packages are inputs too: an installed or updated package (the lock file) builds again.
  const lockFile = path.join(ROOT, 'package-lock.json');
  return [fileURLToPath(import.meta.url), lockFile, ...inputs.map((input) => path.join(ROOT, input))].every((file) => {
    try {
      return fs.statSync(file).mtimeMs <= built;
    } catch {
      return false; // a source that is gone: build again (and let the build say what is missing)
    }
  });
}

// In one bundle every module's `import.meta.url` would be the bundle's; each of ours is given its
// source file's instead (relative to the bundle, so the tree can move), so the files they find
// beside themselves (data/, staff-portal.css, the OCR workers, createRequire's resolution) are the
// same ones as when the server runs from source.
const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = await fs.promises.readFile(args.path, 'utf8');
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js';
      if (!contents.includes('import.meta.url')) return { contents, loader };
      const fromBundle = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      return { contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader };
    });
  },
};

/**
 * Builds build/server/ from server/main.ts and server/db/pglite-worker.ts; about half a second. It
 * is written beside, in a folder of its own at the same depth (the relative paths in it hold), and
 * moved into place file by file, the entry last: two starts that rebuild at once never import a
 * half-written file.
 */
export async function buildServer({ prune = false } = {}) {
  const esbuild = await import('esbuild');
  const started = new Date();
  fs.mkdirSync(path.dirname(OUT_DIR), { recursive: true });
  const scratch = fs.mkdtempSync(`${OUT_DIR}-`);
  const workerFromThread = path.relative(path.join(ROOT, 'server', 'db'), path.join(OUT_DIR, 'pglite-worker.js')).split(path.sep).join('/');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'server/main.ts', 'pglite-worker': 'server/db/pglite-worker.ts' },
    outdir: scratch,
    bundle: true,
    // The parts imported with import() (the database's, the PDF, OCR and e.firma readers, DOMPurify...)
    // are chunks of their own, loaded when first used: the server listens before they are read.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // The packages are bundled too (Node then reads a few files instead of resolving and parsing
    // hundreds of modules at each start), except those that find files beside themselves (PGlite's
    // WebAssembly and data, pg-boss's SQL, fonts, workers, native modules) or are large and loaded
    // only when used: they stay in node_modules and are imported from there as from source.
    external: EXTERNAL_PACKAGES,
    // Bundled CommonJS packages call require(): ESM has none, so the bundle makes one.
    banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    // pglite-thread.ts starts the compiled worker (this path is relative to its source folder, like
    // its import.meta.url above) instead of loading pglite-worker.ts through tsx.
    define: { COMPILED_PGLITE_WORKER: JSON.stringify(workerFromThread) },
    plugins: [sourceImportMetaUrl],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
  fs.writeFileSync(path.join(scratch, path.basename(INPUTS_FILE)), `${JSON.stringify(inputs, null, 1)}\n`);
  // The entry is dated when the build began: a source saved while it ran is newer, so built again.
  fs.utimesSync(path.join(scratch, path.basename(SERVER_ENTRY)), started, started);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const entry = path.basename(SERVER_ENTRY);
  const files = fs.readdirSync(scratch).sort((a, b) => Number(a === entry) - Number(b === entry));
  for (const file of files) fs.renameSync(path.join(scratch, file), path.join(OUT_DIR, file));
  fs.rmSync(scratch, { recursive: true, force: true });
  // Chunks of earlier builds (their names carry a hash) stay while a server started from one may
  // still load it: only `npm run build` (install, update) removes them, not `npm start`'s rebuild.
  if (prune) for (const file of fs.readdirSync(OUT_DIR)) if (!files.includes(file)) fs.rmSync(path.join(OUT_DIR, file), { force: true });
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) await buildServer({ prune: true });
