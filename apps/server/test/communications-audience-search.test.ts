import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createUser, createUserGroup } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The communication form's search of its audience (usuariosAudiencia, issue 14 point 9): it offers the
// active users the audience reaches and not yet removed, by name or e-mail without case or accents, and
// only to those who write or approve communications.

const SEARCH =
  'query ($a: AudienciaInput!, $b: String!) { usuariosAudiencia(audiencia: $a, busca: $b) { id nome email } }';

describe('usuariosAudiencia', () => {
  let portal: TestPortal;
  const as: Record<string, CookieClient> = {};
  const u: Record<string, string> = {};
  const tag = crypto.randomBytes(3).toString('hex');
  let groupId = '';

  const search = async (who: string, audiencia: Record<string, unknown>, busca: string) => {
    const res = await gql(as[who], portal.baseUrl, SEARCH, { a: audiencia, b: busca });
    return res;
  };
  const names = async (audiencia: Record<string, unknown>, busca: string) =>
    (await search('montadora', audiencia, busca)).data.usuariosAudiencia.map((x: { nome: string }) => x.nome);

  beforeAll(async () => {
    portal = await startTestPortal();
    for (const who of ['montadora', 'dealer'])
      as[who] = (await signIn(portal.baseUrl, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    groupId = (await createUserGroup(portal)).id;
    const member = async (key: string, nome: string, extra: Record<string, unknown> = {}) => {
      u[key] = (await createUser(portal, { nome, email: `${key}.${tag}@busca.demo`, ...extra })).id;
    };
    await member('zelia', `Zélia Ávila ${tag}`, { idsGruposUsuarios: [groupId] });
    await member('zelma', `Zelma Souza ${tag}`, { idsGruposUsuarios: [groupId] });
    await member('inactive', `Zeno Inativo ${tag}`, { idsGruposUsuarios: [groupId], active: false });
    await member('outside', `Zeca Fora ${tag}`);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('finds the audience users by name without accents or case, by name order, at most 20', async () => {
    const audiencia = { idsGruposUsuarios: [groupId] };
    expect(await names(audiencia, `ZELIA AVILA ${tag}`)).toEqual([`Zélia Ávila ${tag}`]);
    expect(await names(audiencia, tag)).toEqual([`Zélia Ávila ${tag}`, `Zelma Souza ${tag}`]);
  });

  it('finds by e-mail; a user named by manual e-mail is in the audience too', async () => {
    expect(await names({ idsGruposUsuarios: [groupId] }, `zelma.${tag}@`)).toEqual([`Zelma Souza ${tag}`]);
    expect(await names({ emailsAvulsos: [` outside.${tag}@busca.demo `] }, tag)).toEqual([`Zeca Fora ${tag}`]);
  });

  it('offers neither inactive users, nor users outside the audience, nor those already removed', async () => {
    expect(await names({ idsGruposUsuarios: [groupId] }, 'Zeno')).toEqual([]);
    expect(await names({ idsGruposUsuarios: [groupId] }, `Zeca Fora ${tag}`)).toEqual([]);
    expect(await names({ idsGruposUsuarios: [groupId], idsUsuariosRemovidos: [u.zelia] }, tag)).toEqual([
      `Zelma Souza ${tag}`,
    ]);
    expect(await names({ idsGruposUsuarios: [groupId] }, '   ')).toEqual([]);
    expect(await names({}, tag)).toEqual([]);
  });

  it('is refused to a user who neither writes nor approves communications', async () => {
    const res = await search('dealer', { idsGruposUsuarios: [groupId] }, tag);
    expect(res.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
  });
});
