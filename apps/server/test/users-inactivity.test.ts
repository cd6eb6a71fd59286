import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { inactivateIdleUsers } from '../src/modules/users/users.inactivity.js';
import { INACTIVITY_SWEEP_QUEUE } from '../src/modules/users/users.jobs.js';
import { alterarAtivacaoUsuario } from '../src/modules/users/users.service.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { systemContext } from '../src/platform/actions.js';
import { gql, signIn } from './browserless.js';
import { contextOf, createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'Ocioso@2026';
const ME = '{ usuarioLogado { id } }';

/**
 * The inactivity sweep on the business clock (docs/domains/users.md#inactivity): the test moves the
 * portal's clock past USER_INACTIVITY_DAYS (90 by default) instead of waiting.
 */
describe('inactivity: users with no access for USER_INACTIVITY_DAYS are inactivated', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  const db = () => portal.services.db;
  const activeOf = async (id: string) =>
    (await db().select({ active: usuario.active }).from(usuario).where(eq(usuario.id, id)))[0].active;
  const signsIn = async (email: string) => (await signIn(portal.baseUrl, email, PASSWORD)).client.jar.has('portal_sid');

  it('registers the daily sweep once across instances (a pg-boss schedule)', async () => {
    const { rows } = await db().execute<{ cron: string }>(
      sql`SELECT cron FROM pgboss.schedule WHERE name = ${INACTIVITY_SWEEP_QUEUE}`,
    );
    expect(rows).toEqual([{ cron: '0 3 * * *' }]);
  });

  it('refuses an actor without PORTAL_MANUTENCAO_USUARIOS', async () => {
    await expect(inactivateIdleUsers(await contextOf(portal, 'dealer@portal.demo'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('inactivates the idle and the never-signed-in; keeps the specially activated, TECSINAPSE and recent; sessions end', async () => {
    const idle = await createUser(portal, { password: PASSWORD });
    const session = await signIn(portal.baseUrl, idle.email, PASSWORD);
    expect((await gql(session.client, portal.baseUrl, ME)).data?.usuarioLogado.id).toBe(idle.id);
    const never = await createUser(portal);
    const special = await createUser(portal, { password: PASSWORD });
    await db().update(usuario).set({ ativacaoEspecial: true }).where(eq(usuario.id, special.id));
    const tecsinapse = await createUser(portal, { tipo: 'TECSINAPSE' });
    const recent = await createUser(portal);
    const almost = await createUser(portal);

    const days = portal.services.config.userInactivityDays;
    expect(days).toBe(90);
    portal.services.clock.advance((days + 1) * DAY_MS);
    const now = portal.services.clock.now().getTime();
    await db()
      .update(usuario)
      .set({ ultimoAcesso: new Date(now - 10 * DAY_MS) })
      .where(eq(usuario.id, recent.id));
    await db()
      .update(usuario)
      .set({ ultimoAcesso: new Date(now - (days - 1) * DAY_MS) })
      .where(eq(usuario.id, almost.id));

    const ids = await inactivateIdleUsers(systemContext(portal.services));
    expect(ids).toEqual(expect.arrayContaining([idle.id, never.id]));
    for (const kept of [special, tecsinapse, recent, almost]) expect(ids).not.toContain(kept.id);
    expect(await activeOf(idle.id)).toBe(false);
    expect(await activeOf(never.id)).toBe(false);
    expect(await activeOf(special.id)).toBe(true);

    // One audit row per user, by the system.
    const audits = await db()
      .select()
      .from(auditoria)
      .where(and(inArray(auditoria.entidadeId, [idle.id, never.id, special.id]), eq(auditoria.acao, 'inativar')));
    expect(audits.map((a) => [a.entidadeId, a.usuarioId]).sort()).toEqual(
      [
        [idle.id, null],
        [never.id, null],
      ].sort(),
    );
    expect(audits[0].depois).toMatchObject({ active: false, motivo: 'inatividade', dias: 90 });

    // The open session ends on its next request; signing in is refused; the specially activated still signs in.
    expect((await gql(session.client, portal.baseUrl, ME)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await signsIn(idle.email)).toBe(false);
    expect(await signsIn(special.email)).toBe(true);

    // A second sweep finds nothing more of these.
    const again = await inactivateIdleUsers(systemContext(portal.services));
    for (const u of [idle, never, special, tecsinapse, recent, almost]) expect(again).not.toContain(u.id);
  });

  it('a reactivated user signs in again and the count restarts from the reactivation', async () => {
    const user = await createUser(portal, { password: PASSWORD });
    portal.services.clock.advance(91 * DAY_MS);
    expect(await inactivateIdleUsers(systemContext(portal.services))).toContain(user.id);
    expect(await signsIn(user.email)).toBe(false);

    await alterarAtivacaoUsuario(await contextOf(portal, 'admin@portal.demo'), { id: user.id, active: true });
    expect(await activeOf(user.id)).toBe(true);
    expect(await signsIn(user.email)).toBe(true);
    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, user.id), eq(auditoria.acao, 'ativar')));
    expect(audit.depois).toEqual({ active: true });

    // The last access is real time (behind the moved clock): the reactivation keeps the user for the period.
    expect(await inactivateIdleUsers(systemContext(portal.services))).not.toContain(user.id);
    portal.services.clock.advance(91 * DAY_MS);
    expect(await inactivateIdleUsers(systemContext(portal.services))).toContain(user.id);
  });

  it('the queued job runs the sweep (what the daily schedule sends)', async () => {
    const user = await createUser(portal);
    portal.services.clock.advance(91 * DAY_MS);
    await portal.services.jobs.send(INACTIVITY_SWEEP_QUEUE, {});
    const deadline = Date.now() + 15_000;
    while ((await activeOf(user.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await activeOf(user.id)).toBe(false);
  });
});
