import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer } from '../src/modules/dealers/dealers.tables.js';
import { grupo } from '../src/modules/groups/groups.tables.js';
import { grupoUsuarios } from '../src/modules/user-groups/user-groups.tables.js';
import { type Audience, audienceIds, audienceSql } from '../src/modules/users/users.audience.js';
import { usuario, usuarioDealer, usuarioGrupo, usuarioGrupoUsuarios } from '../src/modules/users/users.tables.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The one audience resolver (users.audience.ts), rule by rule, on a small world of its own: who each
// kind of audience reaches, and that inactive users, inactive dealers and removed users never are.

describe('audience resolver (users.audience.ts)', () => {
  let portal: TestPortal;
  const u: Record<string, string> = {};
  const ids = { userGroup: '', userGroup2: '', dealerGroup: '', activeDealer: '', inactiveDealer: '' };

  beforeAll(async () => {
    portal = await startTestPortal();
    const db = portal.services.db;
    const user = async (key: string, active = true) => {
      const [row] = await db
        .insert(usuario)
        .values({ nome: `Aud ${key}`, email: `aud.${key}@audience.test`, tipo: 'DEALER', active })
        .returning({ id: usuario.id });
      u[key] = row.id;
    };
    for (const key of ['member', 'both', 'direct', 'inGroup', 'viaDealer', 'viaInactiveDealer', 'byEmail', 'removed'])
      await user(key);
    await user('inactiveMember', false);
    await user('inactiveDirect', false);

    [{ id: ids.userGroup }] = await db.insert(grupoUsuarios).values({ nome: 'Aud grupo A' }).returning();
    [{ id: ids.userGroup2 }] = await db.insert(grupoUsuarios).values({ nome: 'Aud grupo B' }).returning();
    [{ id: ids.dealerGroup }] = await db.insert(grupo).values({ nome: 'Aud rede' }).returning();
    const newDealer = async (n: string, active: boolean) =>
      (
        await db
          .insert(dealer)
          .values({
            nome: n,
            nomeExibicao: n,
            cnpj: `aud-${n}`,
            codigoPrincipal: `aud-${n}`,
            grupoId: ids.dealerGroup,
            active,
          })
          .returning()
      )[0].id;
    ids.activeDealer = await newDealer('ativo', true);
    ids.inactiveDealer = await newDealer('inativo', false);

    await db.insert(usuarioGrupoUsuarios).values([
      { usuarioId: u.member, grupoUsuariosId: ids.userGroup },
      { usuarioId: u.both, grupoUsuariosId: ids.userGroup },
      { usuarioId: u.both, grupoUsuariosId: ids.userGroup2 },
      { usuarioId: u.inactiveMember, grupoUsuariosId: ids.userGroup },
      { usuarioId: u.removed, grupoUsuariosId: ids.userGroup },
    ]);
    await db.insert(usuarioGrupo).values({ usuarioId: u.inGroup, grupoId: ids.dealerGroup });
    await db.insert(usuarioDealer).values([
      { usuarioId: u.viaDealer, dealerId: ids.activeDealer },
      { usuarioId: u.viaInactiveDealer, dealerId: ids.inactiveDealer },
      // Linked both directly and through a dealer: reached once.
      { usuarioId: u.inGroup, dealerId: ids.activeDealer },
    ]);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const names = (list: string[]) =>
    list.map((id) => Object.entries(u).find(([, v]) => v === id)?.[0] ?? id).sort((a, b) => a.localeCompare(b));
  /** The resolver both ways: the ids, and the SQL fragment counted in a statement of the caller's. */
  const reach = async (a: Audience) => {
    const list = await audienceIds(portal.services.db, a);
    const [{ n }] = (await portal.services.db.execute(sql`SELECT count(*)::int AS n FROM (${audienceSql(a)}) r`))
      .rows as { n: number }[];
    expect(n).toBe(list.length);
    expect(new Set(list).size).toBe(list.length);
    return names(list);
  };

  it.each<[string, () => Audience, string[]]>([
    ['nothing named: nobody', () => ({}), []],
    [
      'user group: its active members, each once',
      () => ({ grupoUsuariosIds: [ids.userGroup] }),
      ['both', 'member', 'removed'],
    ],
    [
      'two user groups sharing a member: once',
      () => ({ grupoUsuariosIds: [ids.userGroup, ids.userGroup2] }),
      ['both', 'member', 'removed'],
    ],
    ['users one by one: the active ones', () => ({ usuarioIds: [u.direct, u.inactiveDirect] }), ['direct']],
    [
      'dealer group: users linked to it or to its ACTIVE dealers',
      () => ({ grupoIds: [ids.dealerGroup] }),
      ['inGroup', 'viaDealer'],
    ],
    [
      'e-mails: portal users, case-insensitive; unknown addresses reach no user',
      () => ({ emails: ['AUD.byEmail@Audience.test', 'nobody@elsewhere.test'] }),
      ['byEmail'],
    ],
    [
      'e-mails probed one by one (users.audience.ts): each user once, whatever the case or repeats; inactive users and unknown addresses reach nobody',
      () => ({
        emails: [
          'aud.byemail@audience.test',
          'AUD.BYEMAIL@AUDIENCE.TEST',
          'aud.inactivedirect@audience.test',
          'nobody@elsewhere.test',
          'Aud.Direct@audience.test',
          '',
        ],
        usuarioIds: [u.direct],
      }),
      ['byEmail', 'direct'],
    ],
    [
      'removed users are left out, whatever names them',
      () => ({ grupoUsuariosIds: [ids.userGroup], usuarioIds: [u.removed], exceptIds: [u.removed] }),
      ['both', 'member'],
    ],
    [
      'union of every kind',
      () => ({
        usuarioIds: [u.direct],
        grupoUsuariosIds: [ids.userGroup],
        grupoIds: [ids.dealerGroup],
        emails: ['aud.byemail@audience.test'],
      }),
      ['both', 'byEmail', 'direct', 'inGroup', 'member', 'removed', 'viaDealer'],
    ],
    [
      'among: exactly those users (still active, not removed); the lists are ignored',
      () => ({
        among: sql`SELECT id FROM unnest(${`{${[u.member, u.inactiveMember, u.removed].join(',')}}`}::uuid[]) AS t(id)`,
        exceptIds: [u.removed],
        grupoUsuariosIds: [ids.userGroup2],
      }),
      ['member'],
    ],
    [
      'dealers: users linked to the ACTIVE ones among them',
      () => ({ dealerIds: [ids.activeDealer, ids.inactiveDealer] }),
      ['inGroup', 'viaDealer'],
    ],
    [
      'user types: the active users of those types',
      () => ({ tipos: ['DEALER'] }),
      ['both', 'byEmail', 'direct', 'inGroup', 'member', 'removed', 'viaDealer', 'viaInactiveDealer'],
    ],
    ['malformed ids reach nobody', () => ({ usuarioIds: ['nope'], grupoUsuariosIds: ['x'] }), []],
  ])('%s', async (_, audience, expected) => {
    expect(await reach(audience())).toEqual([...expected].sort((a, b) => a.localeCompare(b)));
  });
});
