// The built server's entry, copied to dist/main.js by scripts/build.ts (decision 0062).
//
// Runs the bundle (dist/portal.cjs) as Node would run a CommonJS file, with V8's code cache of the last start:
// compiling the bundle's 6.5 MB again was about a third of a start on PGlite. When there is no cache yet, or V8
// rejects it (another Node, other V8 flags, a rebuilt bundle), the cache is written anew as soon as the bundle's top
// level has run. A cache that cannot be written (a read-only folder) changes nothing but the next start's time.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const bundle = fileURLToPath(new URL('./portal.cjs', import.meta.url));
const cacheFile = `${bundle}.cache`;

function readCache() {
  try {
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(script) {
  try {
    const partial = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, cacheFile);
  } catch {
    // Next start compiles the bundle again.
  }
}

// V8 rejects a cache made under other flags. The portal sets this one when it opens PGlite (platform/db.ts,
// decision 0057), after the bundle is compiled: set it first, so the cache is made and read under the same flags.
v8.setFlagsFromString('--wasm-tiering-budget=90000000');
let cachedData = readCache();
// The wrapper Node's own CommonJS loader puts around a file, on the bundle's first line: its lines and columns stay.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, cachedData },
);
const cacheToWrite = cachedData === undefined || script.cachedDataRejected;
// Read once: 5 MB the process need not keep.
cachedData = undefined;
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
// Written now, with what the bundle's top level compiled: later, a long first start (migrations, the demo seed) has
// had V8 drop the bytecode of what ran only once, which is what a restart would need from the cache.
if (cacheToWrite) writeCache(script);
