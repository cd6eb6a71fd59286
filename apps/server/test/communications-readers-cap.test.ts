import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageConfirmacoes } from '../src/modules/communications/communications.confirmation.js';
import { pageLeituras, READERS_SEARCH_MAX_HITS } from '../src/modules/communications/communications.queries.js';
import { startTestPortal, type TestPortal } from './harness.js';

// A search of a communication's readers (and of its confirmations) counts at most READERS_SEARCH_MAX_HITS and says
// when there are more (`totalLimitado`), so that the list shows "1,000+" instead of a false "1,000".

describe('readers search count', () => {
  let portal: TestPortal;
  let comunicadoId: string;
  const page = { page: 0, rowsPerPage: 10 };

  beforeAll(async () => {
    portal = await startTestPortal();
    const exec = async (query: ReturnType<typeof sql>) => (await portal.services.db.execute(query)).rows;
    // Cap + 1 recipients named "Capivara n", and cap - 1 of them also "Lontra" (fewer than the cap).
    await exec(sql`INSERT INTO usuario (nome, email, tipo)
      SELECT 'Capivara ' || n || CASE WHEN n < ${READERS_SEARCH_MAX_HITS} THEN ' Lontra' ELSE '' END,
             'capivara' || n || '@cap.test', 'DEALER_GRUPO'
        FROM generate_series(1, ${READERS_SEARCH_MAX_HITS + 1}) n`);
    const [creator] = await exec(sql`SELECT id FROM usuario WHERE email = 'aprovador@portal.demo'`);
    const [c] = await exec(sql`INSERT INTO comunicado (titulo, mensagem, status, criador_id)
      VALUES ('Leitores demais', '<p>x</p>', 'ENVIADO', ${creator.id}) RETURNING id`);
    comunicadoId = String(c.id);
    await exec(sql`INSERT INTO comunicado_envio (comunicado_id, usuario_id)
      SELECT ${comunicadoId}, id FROM usuario WHERE email LIKE '%@cap.test'`);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it.each([
    ['more than the cap', 'capivara', READERS_SEARCH_MAX_HITS, true],
    ['fewer than the cap', 'lontra', READERS_SEARCH_MAX_HITS - 1, false],
  ])('a search matching %s counts up to the cap and says whether there are more', async (_, busca, total, more) => {
    const db = portal.services.db;
    for (const found of [
      await pageLeituras(db, comunicadoId, { busca, ...page }),
      await pageConfirmacoes(db, comunicadoId, { busca, ...page }),
    ]) {
      expect(found.totalElements).toBe(total);
      expect(found.totalLimitado).toBe(more);
      expect(found.content).toHaveLength(10);
    }
  });

  it('without a search counts every recipient, never capped', async () => {
    const found = await pageLeituras(portal.services.db, comunicadoId, page);
    expect(found.totalElements).toBe(READERS_SEARCH_MAX_HITS + 1);
    expect(found.totalLimitado).toBe(false);
  });
});
