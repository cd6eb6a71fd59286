import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The superAdmin synchronisations (docs/domains/superadmin.md#synchronisation): each repairs by SQL what the
// portal's own actions keep true, reports what it changed, audits it, and changes nothing the second time.
// The broken states below are made by SQL, as a load or an old import would leave them.

type Result = { alteracoes: number; itens: { tipo: string; quantidade: number }[] };
const RESULT = '{ alteracoes itens { tipo quantidade } }';
const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const counts = (r: Result) => Object.fromEntries(r.itens.map((i) => [i.tipo, i.quantidade]));

describe('superAdmin synchronisation', () => {
  let portal: TestPortal;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], portal.baseUrl, query, variables);
  const db = <T>(query: ReturnType<typeof sql>) => portal.services.db.execute(query).then((r) => r.rows as T[]);
  const run = async (field: string, args = ''): Promise<Result> => {
    const res = await q('admin', `mutation { ${field}${args} ${RESULT} }`);
    expect(res.errors).toBeUndefined();
    return res.data[field];
  };
  const idOf = async (email: string) =>
    (await db<{ id: string }>(sql`SELECT id FROM usuario WHERE email = ${email}`))[0].id;
  const activeOf = async (table: 'usuario' | 'dealer', where: ReturnType<typeof sql>) =>
    (await db<{ active: boolean }>(sql`SELECT active FROM ${sql.raw(table)} WHERE ${where}`))[0].active;
  const history = async (entidadeId: string) =>
    db<{ acao: string; depois: unknown }>(
      sql`SELECT acao, depois FROM auditoria WHERE entidade_id = ${entidadeId} ORDER BY id DESC`,
    );

  beforeAll(async () => {
    portal = await startTestPortal();
    for (const who of ['admin', 'montadora', 'dealer', 'leitor']) {
      as[who] = (await signIn(portal.baseUrl, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
  });
  afterAll(() => portal?.stop());

  it('sincronizarGrupos: the dealers and users of an inactive group follow it, but a user reactivated by hand stays', async () => {
    // Grupo Litoral inactivated by SQL alone: its dealers (D004 among them) and its user dealer2@ stayed active.
    await db(sql`UPDATE grupo SET active = false WHERE nome = 'Grupo Litoral'`);
    const [{ n: dealers }] = await db<{ n: number }>(sql`SELECT count(*)::int AS n FROM dealer
      WHERE active AND grupo_id = (SELECT id FROM grupo WHERE nome = 'Grupo Litoral')`);
    expect(dealers).toBeGreaterThan(0);
    const dealer2 = await idOf('dealer2@portal.demo');

    const first = await run('sincronizarGrupos');
    expect(counts(first)).toEqual({ dealersInativados: dealers, usuariosInativados: 1 });
    expect(first.alteracoes).toBe(dealers + 1);
    expect(await activeOf('dealer', sql`codigo_principal = 'D004'`)).toBe(false);
    expect(await activeOf('usuario', sql`id = ${dealer2}`)).toBe(false);
    expect((await history(dealer2))[0]).toMatchObject({ acao: 'sincronizar', depois: { active: false } });
    // Carmaker and provider staff (no group, no dealer) and the other group's people are left alone.
    for (const email of ['montadora@portal.demo', 'admin@portal.demo', 'dealer@portal.demo']) {
      expect(await activeOf('usuario', sql`email = ${email}`), email).toBe(true);
    }

    // An administrator brings dealer2@ back by hand (decision 0014 allows it): the next run keeps them.
    expect((await q('admin', `mutation { ativarUsuario(id: "${dealer2}") { active } }`)).errors).toBeUndefined();
    const again = await run('sincronizarGrupos');
    expect(counts(again)).toEqual({ dealersInativados: 0, usuariosInativados: 0 });
    expect(await activeOf('usuario', sql`id = ${dealer2}`)).toBe(true);
  });

  it('sincronizarDealers: a dealer still selling an inactive brand is unlinked from it, once', async () => {
    // A brand inactivated by SQL alone: the dealers that sold it kept the link.
    const [brand] = await db<{ id: string; dealers: number }>(sql`SELECT m.id, count(dm.dealer_id)::int AS dealers
      FROM marca m JOIN dealer_marca dm ON dm.marca_id = m.id GROUP BY m.id ORDER BY count(dm.dealer_id) DESC LIMIT 1`);
    expect(brand.dealers).toBeGreaterThan(0);
    await db(sql`UPDATE marca SET active = false WHERE id = ${brand.id}`);
    const [{ id: someDealer }] = await db<{ id: string }>(
      sql`SELECT dealer_id AS id FROM dealer_marca WHERE marca_id = ${brand.id} LIMIT 1`,
    );

    expect(counts(await run('sincronizarDealers'))).toEqual({ marcasDesvinculadas: brand.dealers });
    const left = await db<{ n: number }>(sql`SELECT count(*)::int AS n FROM dealer_marca WHERE marca_id = ${brand.id}`);
    expect(left[0].n).toBe(0);
    expect((await history(someDealer))[0]).toMatchObject({ acao: 'sincronizar', depois: { marcaIds: [] } });
    // The dealers keep their state (only the brand's own inactivation inactivates, with its confirmation).
    expect(await activeOf('dealer', sql`id = ${someDealer}`)).toBe(true);
    expect(counts(await run('sincronizarDealers'))).toEqual({ marcasDesvinculadas: 0 });
  });

  it('sincronizarUsuarios: a position at a dealer the user left is removed, the others stay', async () => {
    const dealer = await idOf('dealer@portal.demo');
    const positions = async () =>
      (await db<{ n: number }>(sql`SELECT count(*)::int AS n FROM usuario_cargo WHERE usuario_id = ${dealer}`))[0].n;
    const before = await positions();
    await db(sql`INSERT INTO usuario_cargo (usuario_id, cargo_id, dealer_id, data_inicio)
      SELECT ${dealer}, (SELECT id FROM cargo LIMIT 1), (SELECT id FROM dealer WHERE codigo_principal = 'D004'), '2026-01-01'`);

    expect(counts(await run('sincronizarUsuarios'))).toEqual({ cargosRemovidos: 1 });
    expect(await positions()).toBe(before);
    expect(counts(await run('sincronizarUsuarios'))).toEqual({ cargosRemovidos: 0 });
  });

  it('sincronizarIdentityProvider: ends an inactive user’s sessions, invites a user without a password', async () => {
    const leitor = await idOf('leitor@portal.demo');
    const SYNC = (email: string) => `(emailUsuario: "${email}")`;
    // leitor@ signed in above; inactivated by SQL, the session rows stayed.
    await db(sql`UPDATE usuario SET active = false WHERE id = ${leitor}`);
    expect(counts(await run('sincronizarIdentityProvider', SYNC('LEITOR@portal.demo')))).toEqual({
      sessoesEncerradas: 1,
    });
    const sessions = await db<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessao WHERE usuario_id = ${leitor}`);
    expect(sessions[0].n).toBe(0);

    // An active user who never set a password gets the invitation again (an e-mail and an audit row).
    const aprovador = await idOf('aprovador@portal.demo');
    await db(sql`UPDATE usuario SET senha_hash = NULL WHERE id = ${aprovador}`);
    expect(counts(await run('sincronizarIdentityProvider', SYNC('aprovador@portal.demo')))).toEqual({
      convitesEnviados: 1,
    });
    expect((await history(aprovador)).map((h) => h.acao)).toContain('convidar');
    // With a password there is nothing to do.
    expect(counts(await run('sincronizarIdentityProvider', SYNC('montadora@portal.demo')))).toEqual({
      convitesEnviados: 0,
    });

    const unknown = await q('admin', `mutation { sincronizarIdentityProvider${SYNC('ninguem@x.example')} ${RESULT} }`);
    expect(code(unknown)).toBe('BAD_USER_INPUT');
    expect(unknown.errors?.[0]?.extensions.fields).toEqual({ emailUsuario: 'superAdmin.sync.userNotFound' });
    const bad = await q('admin', `mutation { sincronizarIdentityProvider${SYNC('not-an-email')} ${RESULT} }`);
    expect(bad.errors?.[0]?.extensions.fields).toEqual({ emailUsuario: 'validation.email' });
  });

  it('is TECSINAPSE only: others get FORBIDDEN and nothing changes', async () => {
    await db(sql`UPDATE dealer SET active = true WHERE codigo_principal = 'D004'`);
    for (const who of ['montadora', 'dealer']) {
      for (const doc of [
        `mutation { sincronizarGrupos ${RESULT} }`,
        `mutation { sincronizarDealers ${RESULT} }`,
        `mutation { sincronizarUsuarios ${RESULT} }`,
        `mutation { sincronizarIdentityProvider(emailUsuario: "leitor@portal.demo") ${RESULT} }`,
      ]) {
        const res = await q(who, doc);
        expect(code(res), `${who}: ${doc}`).toBe('FORBIDDEN');
        expect(res.data ?? null).toBeNull();
      }
    }
    expect(await activeOf('dealer', sql`codigo_principal = 'D004'`)).toBe(true);
  });
});
