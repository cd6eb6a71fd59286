import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sessao } from '../src/platform/auth/auth.tables.js';
import { hashSessionId } from '../src/platform/auth/session.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.js';
import { CookieClient, gql, signIn } from './browserless.js';
import { freePort, freshPostgresDatabase, onPostgres, startTestPortal } from './harness.js';

const ME = '{ usuarioLogado { email } }';

describe('the provider and sessions live in the database: they survive a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a signed-in browser and an API token keep working after the server restarts; the seed is not duplicated; no job queue is created again', async () => {
    const port = await freePort();
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    const where = database ? { databaseUrl: database.url } : { dataDir };
    try {
      const first = await startTestPortal({ port, ...where });
      const { client } = await signIn(first.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
      const [session] = await first.services.db
        .select()
        .from(sessao)
        .where(eq(sessao.idHash, hashSessionId(client.jar.get('portal_sid') as string)));
      await first.close();

      // pg-boss's own methods, counted, not replaced: a restart finds every queue as the first start left it.
      const createQueue = vi.spyOn(PgBoss.prototype, 'createQueue');
      const updateQueue = vi.spyOn(PgBoss.prototype, 'updateQueue');
      const second = await startTestPortal({ port, ...where });
      const queuesChanged = [...createQueue.mock.calls, ...updateQueue.mock.calls].map(([name]) => name);
      createQueue.mockRestore();
      updateQueue.mockRestore();
      expect(queuesChanged).toEqual([]);
      try {
        expect((await gql(client, second.baseUrl, ME)).data?.usuarioLogado.email).toBe('dealer@portal.demo');
        // The signing keys are the same: a token issued before the restart still verifies.
        const api = new CookieClient();
        const bearer = await gql(api, second.baseUrl, ME, undefined, {
          authorization: `Bearer ${session.accessToken}`,
        });
        expect(bearer.data?.usuarioLogado.email).toBe('dealer@portal.demo');
        // The provider's own session survived too: signing in again needs no password.
        const again = await client.follow(`${second.baseUrl}/auth/login?returnTo=/home`);
        expect(again.url).toBe(`${second.baseUrl}/home`);
        await again.response.text();
        const users = await second.services.db.execute<{ n: number }>(
          'SELECT count(*)::int AS n FROM usuario' as never,
        );
        expect(users.rows[0].n).toBe(DEMO_USERS.length);
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
    }
  });
});
