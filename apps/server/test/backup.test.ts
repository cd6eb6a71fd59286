import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/ops/backup.js';
import { loadConfig } from '../src/platform/config.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { gql, signIn, uploadFile } from './browserless.js';
import { freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';

/**
 * Backup and restore (src/ops/backup.ts, docs/operations.md#backup-and-restore): a portal with a library file on
 * the local disk is backed up, restored into a new instance whose files live in an S3-compatible bucket (s3rver)
 * (and a new PostgreSQL database when on PostgreSQL), and the new instance shows the same folder and serves the
 * same bytes: both storages, one read and one written.
 */
describe('backup and restore into a fresh instance', () => {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
    fs.rmSync(temp, { recursive: true, force: true });
  });

  /**
   * A portal on disk: PGlite in DATA_DIR, or a fresh PostgreSQL database; its files in DATA_DIR/files or, given
   * `s3`, in that bucket.
   */
  async function instance(name: string, s3: Record<string, string> = {}) {
    const dataDir = path.join(temp, name);
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    if (database) cleanup.push(() => database.drop());
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}), ...s3 };
    return { dataDir, databaseUrl: database?.url, env, config: loadConfig(env) };
  }

  const start = (on: { dataDir: string; databaseUrl?: string; env: Record<string, string> }) =>
    startTestPortal({ dataDir: on.dataDir, databaseUrl: on.databaseUrl, env: on.env });

  /** An S3-compatible server on this machine, and the variables that point a portal at its bucket. */
  async function bucket(): Promise<Record<string, string>> {
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: fs.mkdtempSync(path.join(temp, 's3-')),
      configureBuckets: [{ name: 'portal' }],
    });
    const { port } = await s3.run();
    cleanup.push(() => s3.close());
    return {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'portal',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** The folder "Backup 2026" and its file as montadora sees them, and the file's bytes. */
  async function readBack(portal: TestPortal) {
    const { client } = await signIn(portal.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
    const root = await gql(client, portal.baseUrl, '{ itemsPorPasta { id nome pasta } }');
    const folder = root.data.itemsPorPasta.find((i: { nome: string }) => i.nome === 'Backup 2026');
    const inside = await gql(
      client,
      portal.baseUrl,
      'query ($id: ID) { itemsPorPasta(idPasta: $id) { nome arquivoLink } }',
      {
        id: folder.id,
      },
    );
    const [file] = inside.data.itemsPorPasta;
    const download = await client.fetch(new URL(file.arquivoLink, portal.baseUrl).href);
    return { nome: file.nome, status: download.status, bytes: Buffer.from(await download.arrayBuffer()) };
  }

  it('brings back the data and the files (disk to S3); refuses a target that already holds a portal', async () => {
    const source = await instance('source');
    const content = Buffer.from(`manual de garantia ${'x'.repeat(5000)}\n`);
    const before = await start(source);
    try {
      const { client } = await signIn(before.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
      const groups = (await gql(client, before.baseUrl, '{ gruposUsuariosAtivos { id nome } }')).data
        .gruposUsuariosAtivos;
      const folder = await gql(
        client,
        before.baseUrl,
        'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }',
        {
          p: { nome: 'Backup 2026', idPai: null, tiposAcesso: [{ idGrupoAcesso: groups[0].id, permissao: 'LEITURA' }] },
        },
      );
      const idArquivo = await uploadFile(client, before.baseUrl, 'garantia.txt', content);
      const placed = await gql(
        client,
        before.baseUrl,
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        {
          a: [{ idArquivo, idPastaPai: folder.data.criarNovaPasta.id }],
        },
      );
      expect(placed.errors).toBeUndefined();
      expect(await readBack(before)).toMatchObject({ nome: 'garantia.txt', status: 200, bytes: content });
    } finally {
      // PGlite is copied stopped; PostgreSQL could be dumped live, but one path keeps the test simple.
      await before.stop();
    }

    const dir = path.join(temp, 'the-backup');
    const written = await backup(source.config, dir);
    expect(written).toMatchObject({ database: onPostgres ? 'postgres' : 'pglite', missing: [] });
    expect(written.files).toBeGreaterThanOrEqual(1);
    expect(written.bytes).toBeGreaterThanOrEqual(content.length);
    await expect(backup(source.config, dir)).rejects.toThrow(/already exists/);

    const target = await instance('target', await bucket());
    expect(target.config.storage.kind).toBe('s3');
    await restore(target.config, dir);
    await expect(restore(target.config, dir)).rejects.toThrow(/already (exists|holds a portal)/);
    const after = await start(target);
    try {
      expect(await readBack(after)).toMatchObject({ nome: 'garantia.txt', status: 200, bytes: content });
    } finally {
      await after.stop();
    }
  });
});
