/**
 * Builds the server to plain JavaScript (decision 0045): `apps/server/dist/main.js`, which `npm start`
 * runs with `node`, so a start compiles no TypeScript.
 *
 * - The server's own code and the workspace packages (`@portal/domain`, `@portal/i18n`, shipped as
 *   TypeScript source) are bundled; every npm package stays an import resolved from node_modules
 *   (native addons, WebAssembly and their own data files load as they always do).
 * - Dynamic imports stay lazy (code splitting): the S3 client loads only when STORAGE_DRIVER=s3.
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
    entryPoints: { main: path.join(serverDir, 'src/main.ts') },
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages(), sourceUrls(out)],
  });
  return { outdir: out, files: Object.keys(result.metafile.outputs) };
}

/** npm packages stay imports; only the workspace's own packages are bundled. */
function externalPackages(): Plugin {
  return {
    name: 'portal-external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@portal/')) return undefined;
        return { path: args.path, external: true };
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
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
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
