import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSpentSignInRows } from '../src/platform/auth/housekeeping.js';
import { THROTTLE } from '../src/platform/auth/throttle.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

/**
 * The hourly pass over sign-in's tables (platform/auth/housekeeping.ts): spent rows go, live ones stay, and a
 * signed-in user keeps working through it.
 */
describe("sign-in's housekeeping", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  const exec = (query: ReturnType<typeof sql>) => portal.services.db.execute(query);
  const count = async (table: string, where: string) =>
    Number(
      ((await exec(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))).rows[0] as { n: number }).n,
    );

  it('removes expired sessions, provider records, reset links and lapsed counters, and keeps the live ones', async () => {
    const { client } = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
    const userId = (
      (await exec(sql`SELECT id FROM usuario WHERE email = 'dealer@portal.demo'`)).rows[0] as { id: string }
    ).id;
    const window = THROTTLE.windowMinutes;
    await exec(sql`
      INSERT INTO sessao (id_hash, usuario_id, expires_at) VALUES
        ('hk-old-session', ${userId}, now() - interval '1 minute'),
        ('hk-live-session', ${userId}, now() + interval '1 hour')`);
    await exec(sql`
      INSERT INTO oidc_payload (id, type, payload, expires_at) VALUES
        ('hk-old', 'AuthorizationCode', '{}', now() - interval '1 minute'),
        ('hk-live', 'AuthorizationCode', '{}', now() + interval '1 minute'),
        ('hk-forever', 'Client', '{}', NULL)`);
    await exec(sql`
      INSERT INTO senha_reset (token_hash, usuario_id, expires_at) VALUES
        ('hk-old-link', ${userId}, now() - interval '2 days'),
        ('hk-just-expired-link', ${userId}, now() - interval '1 hour'),
        ('hk-live-link', ${userId}, now() + interval '1 hour')`);
    await exec(sql`
      INSERT INTO login_tentativa (chave, falhas, janela_inicio, bloqueado_ate) VALUES
        ('hk:lapsed', 5, now() - make_interval(mins => ${window + 1}), NULL),
        ('hk:blocked-long-ago', 9, now() - make_interval(mins => ${3 * window}),
                                   now() - make_interval(mins => ${window + 1})),
        ('hk:running', 2, now() - interval '1 minute', NULL),
        ('hk:still-blocked', 9, now() - make_interval(mins => ${3 * window}), now() + interval '5 minutes')`);

    const removed = await pruneSpentSignInRows(portal.services.db);

    expect(removed.sessao).toBeGreaterThanOrEqual(1);
    expect(await count('sessao', "id_hash LIKE 'hk-%'")).toBe(1);
    expect(await count('sessao', "id_hash = 'hk-live-session'")).toBe(1);
    expect(await count('oidc_payload', "id LIKE 'hk-%'")).toBe(2);
    expect(await count('oidc_payload', "id = 'hk-old'")).toBe(0);
    expect(await count('senha_reset', "token_hash LIKE 'hk-%'")).toBe(2);
    expect(await count('senha_reset', "token_hash = 'hk-old-link'")).toBe(0);
    expect(await count('login_tentativa', "chave LIKE 'hk:%'")).toBe(2);
    expect(await count('login_tentativa', "chave IN ('hk:running', 'hk:still-blocked')")).toBe(2);
    expect(removed.loginTentativa).toBeGreaterThanOrEqual(2);

    // The signed-in user's own session and the provider's live records were left alone.
    const me = await gql(client, portal.baseUrl, '{ usuarioLogado { email } }');
    expect(me.data).toEqual({ usuarioLogado: { email: 'dealer@portal.demo' } });
  });
});
