/**
 * Builds the server to plain JavaScript (decision 0045), which `npm start` runs with `node`, so a start compiles
 * no TypeScript:
 *
 * - `apps/server/dist/portal.cjs`: the server's own code, the workspace packages (`@portal/domain`, `@portal/i18n`,
 *   shipped as TypeScript source) and the npm packages in one file (decision 0056: a start compiles one file
 *   instead of finding and reading some 1,800); the packages of EXTERNAL_PACKAGES (native addons, WebAssembly with
 *   its data files, what loads on first use) stay `require()`s resolved from node_modules.
 * - `apps/server/dist/main.js`, the entry (`scripts/start-bundle.js`): compiles the bundle with V8's code cache,
 *   written by the first start after a build (decision 0062: every start compiled the 6.5 MB bundle again). The
 *   bundle is CommonJS because Node 20 gives a code cache to a script, not to an ES module.
 * - What loads on first use stays lazy: a dynamic import of an external package becomes a `require()` when it
 *   runs (the S3 client loads only when STORAGE_DRIVER=s3, ExcelJS and sharp on first use).
 * - Files the server reads beside its source (the modules' `.graphql`, the migrations, the web build)
 *   are still read from the source tree: each `import.meta.url` of a source file becomes that file's
 *   own URL, relative to the output, so `new URL('./x.graphql', import.meta.url)` names the same file
 *   as under tsx and the checkout can move.
 *
 * Usage: tsx scripts/build.ts [outdir]   (default apps/server/dist)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export async function buildServer(outdir = path.join(serverDir, 'dist')) {
  const out = path.resolve(outdir);
  await fs.rm(out, { recursive: true, force: true });
  const result = await build({
    entryPoints: { portal: path.join(serverDir, 'src/main.ts') },
    outdir: out,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    // `import('sharp')` becomes `require('sharp')` when it runs: the bundle runs as a script (vm.Script), which has no
    // loader for import() of its own.
    supported: { 'dynamic-import': false },
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    // A third smaller (9.4 → 6.3 MB): V8 keeps the source of every module it may still compile, so about 25 MB less
    // resident memory. Names are kept: a stack trace still names its functions (the linked map gives the lines).
    minifyWhitespace: true,
    minifySyntax: true,
    // Bundling renames classes and functions whose names collide across packages; some packages read a class's
    // `name` (oidc-provider finds each token's lifetime by it): keep every original name.
    keepNames: true,
    // The bundle's own URL, from which its source files' and packages' files are found (see the plugins below).
    banner: { js: "const __portalBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [externalPackages(), sourceUrls(out), packageFileUrls(out)],
  });
  await fs.copyFile(path.join(serverDir, 'scripts/start-bundle.js'), path.join(out, 'main.js'));
  return { outdir: out, files: [...Object.keys(result.metafile.outputs), 'main.js'] };
}

/**
 * npm packages that stay imports resolved from node_modules: native addons, WebAssembly with its data files,
 * what loads only on first use (bundling it would load it at start), optional peers that are not installed.
 */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite', // WebAssembly and its data files beside its modules
  'sharp', // native addon; loaded on the first image upload
  '@node-rs/argon2', // native addon
  'pdfjs-dist', // loaded on the first PDF to read, with its worker file
  'exceljs', // loaded on the first import template or workbook read
  '@aws-sdk/client-s3', // loaded only when STORAGE_DRIVER=s3
  '@aws-sdk/lib-storage',
  'pg-native', // optional peers, not installed: their require() is guarded
  'bufferutil',
  'utf-8-validate',
];

function externalPackages(): Plugin {
  const external = (name: string) =>
    EXTERNAL_PACKAGES.some((p) => name === p || name.startsWith(`${p}/`)) || name.startsWith('node:');
  return {
    name: 'portal-external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        external(args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * A bundled package that reads a file beside its own code (`__dirname`, `__filename`, `import.meta.url`: mercurius's
 * GraphiQL page, pino's worker) still finds it in node_modules: each becomes that file's own location, written
 * relative to the output as for the server's source.
 */
function packageFileUrls(outdir: string): Plugin {
  return {
    name: 'portal-package-file-urls',
    setup(b) {
      b.onLoad({ filter: /node_modules[\\/].*\.(c|m)?js$/ }, async (args) => {
        const source = await fs.readFile(args.path, 'utf8');
        if (!/__dirname|__filename|import\.meta\.url/.test(source)) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        // The banner's name for the bundle's URL.
        const url = `new URL(${JSON.stringify(relative)}, __portalBundleUrl)`;
        const contents = source
          .replace(/\b__filename\b/g, `require('node:url').fileURLToPath(${url})`)
          .replace(/\b__dirname\b/g, `require('node:path').dirname(require('node:url').fileURLToPath(${url}))`)
          .replaceAll('import.meta.url', `${url}.href`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/** Each source file's `import.meta.url` becomes its own URL, written relative to the output. */
function sourceUrls(outdir: string): Plugin {
  return {
    name: 'portal-source-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await fs.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, __portalBundleUrl).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { outdir, files } = await buildServer(process.argv[2]);
  console.log(
    `server built to ${path.relative(process.cwd(), outdir) || '.'} (${files.length} files) in ${Date.now() - started} ms`,
  );
}
