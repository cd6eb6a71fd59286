import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotOf } from '../src/modules/communications/communications.history.js';
import type { ComunicadoRow } from '../src/modules/communications/communications.queries.js';
import { audienceOf } from '../src/modules/communications/communications.queries.js';
import { productCatalogue } from '../src/modules/products/products.queries.js';
import { grantsOf, userFormRules } from '../src/modules/users/users.service.js';
import { inTransaction, systemContext } from '../src/platform/actions.js';
import type { CurrentUser } from '../src/platform/graphql/context.js';
import { onPostgres, startTestPortal, type TestPortal } from './harness.js';

// A transaction is one connection, which runs one query at a time: a query sent while another runs is what pg 8 warns
// about ("Calling client.query() when the client is already executing a query is deprecated") and pg 9 refuses. The
// reads that take the caller's transaction send their queries in turn, never through Promise.all. PostgreSQL only
// (PGlite has no pg client).

type PgClientInternals = { _activeQuery?: unknown; queryQueue?: unknown[] };

/** The SQL of every query `run` sent on a pg client that was still running another one. */
async function queriesOnABusyClient(run: () => Promise<unknown>): Promise<string[]> {
  const busy: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & PgClientInternals, ...args: unknown[]) {
    if (this._activeQuery || this.queryQueue?.length) {
      const config = args[0] as string | { text?: string };
      busy.push(typeof config === 'string' ? config : String(config?.text));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return busy;
}

describe.skipIf(!onPostgres)('one query at a time on a transaction (pg client)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  const inTx = <T>(read: (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<T>) =>
    inTransaction(systemContext(portal.services), (tx) => read(tx));

  it('the observer sees a query sent while another runs (Promise.all on a transaction)', async () => {
    const busy = await queriesOnABusyClient(() =>
      inTx((tx) => Promise.all([tx.execute('SELECT 1'), tx.execute('SELECT 2')])),
    );
    expect(busy).toEqual(['SELECT 2']);
  });

  it("a communication's history snapshot and stored audience (submit, reject, send)", async () => {
    const row = {
      id: randomUUID(),
      titulo: 't',
      mensagem: '<p>m</p>',
      idioma: 'PT_BR',
      traducoes: [],
      emails_avulsos: [],
      etiquetas: [],
      data_inicio_exibicao: null,
      data_fim_exibicao: null,
    } as unknown as ComunicadoRow;
    expect(await queriesOnABusyClient(() => inTx((tx) => snapshotOf(tx, row)))).toEqual([]);
    expect(await queriesOnABusyClient(() => inTx((tx) => audienceOf(tx, row)))).toEqual([]);
  });

  it("the user import chunk's lookups: the form rules, the product catalogue, the administrator's grants", async () => {
    const admin = (
      await portal.services.db.execute<{ id: string }>("SELECT id FROM usuario WHERE email = 'admin@portal.demo'")
    ).rows[0];
    const actor = { id: admin.id, chaves: [] } as unknown as CurrentUser;
    const busy = await queriesOnABusyClient(() =>
      inTx(async (tx) => {
        await userFormRules(tx);
        await productCatalogue(tx);
        await grantsOf(tx, actor);
      }),
    );
    expect(busy).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('one query at a time on the live events connection', () => {
  it('subscriptions and the readiness check arriving together are sent in turn', async () => {
    let portal: TestPortal | undefined;
    const busy = await queriesOnABusyClient(async () => {
      portal = await startTestPortal();
      const { events } = portal.services;
      for (const channel of ['portal_t_a', 'portal_t_b', 'portal_t_c']) events.subscribe(channel, () => {});
      await Promise.all([events.ready(), events.ready()]);
    });
    await portal?.stop();
    expect(busy.filter((q) => q.startsWith('LISTEN') || q === 'SELECT 1')).toEqual([]);
  });
});
