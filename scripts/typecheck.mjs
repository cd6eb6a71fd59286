// npm run typecheck: `tsc -p` on each TypeScript project, two at a time. tsc runs on one core, and CI's machine has
// two: in two lanes the projects took 75 s where one after the other took 90 (medians of 3 on that machine). Each
// project's output is printed whole when it ends; exit 1 if any project has an error.
import { spawn } from 'node:child_process';
import os from 'node:os';

// The largest first, so that the two lanes end at about the same time.
const PROJECTS = ['apps/server', 'apps/web', 'bench', 'packages/domain', 'e2e', 'packages/i18n'];
const LANES = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tsc = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    tsc.stdout.on('data', (chunk) => {
      output += chunk;
    });
    tsc.stderr.on('data', (chunk) => {
      output += chunk;
    });
    tsc.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
