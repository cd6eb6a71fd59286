import { loadConfig } from '../platform/config.js';
import { backup, restore } from './backup.js';

/**
 * `npm run backup -- <dir>` and `npm run restore -- <dir>` (docs/operations.md#backup-and-restore), with the
 * portal's own environment (DATABASE_URL, DATA_DIR, S3_*).
 */
const [command, dir] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command ?? '') || !dir) {
  console.error('usage: backup-cli.ts backup|restore <directory>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = command === 'backup' ? await backup(config, dir) : await restore(config, dir);
  console.log(
    `${command === 'backup' ? 'backed up' : 'restored'}: ${manifest.database} database, ${manifest.files} files ` +
      `(${manifest.bytes} bytes)${manifest.missing.length ? `; missing in storage: ${manifest.missing.join(', ')}` : ''}`,
  );
} catch (err) {
  console.error(`${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
