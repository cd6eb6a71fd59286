import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { expectFolderCountsExact } from './library-counts.js';

// The move dialog's tree (issue 16 item 5, docs/domains/library.md#forms): pastasDestino gives one level of the
// folders the user may write into, reaching a writable folder below one they may only read, and a search by name.

const TREE = `query ($id: ID, $b: String) { pastasDestino(idPasta: $id, busca: $b) {
  temSubpastas pasta { id nome breadcrumb { nome } } } }`;

describe('library move tree', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const stamp = `arvore${Date.now()}`;
  const ids: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const level = async (who: string, variables: Record<string, unknown> = {}) =>
    (await q(who, TREE, variables)).data.pastasDestino as {
      temSubpastas: boolean;
      pasta: { id: string; nome: string; breadcrumb: { nome: string }[] };
    }[];

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['montadora', 'dealer'])
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    const horizonte = groups.find((g: { nome: string }) => g.nome === 'Rede Horizonte').id;
    const folder = async (key: string, p: Record<string, unknown>) => {
      const r = await q('montadora', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', { p });
      ids[key] = r.data.criarNovaPasta.id;
    };
    const write = [{ idGrupoAcesso: horizonte, permissao: 'LEITURA_ESCRITA' }];
    await folder('read', { nome: `${stamp} leitura`, idsGrupoAcesso: [horizonte] });
    await folder('writable', { nome: `${stamp} escrita`, idPai: ids.read, tiposAcesso: write });
    await folder('child', { nome: `${stamp} filha`, idPai: ids.writable });
    await folder('top', { nome: `${stamp} topo`, tiposAcesso: write });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('the top level reaches a writable folder below a read-only one, with its path; its children follow', async () => {
    const top = await level('dealer');
    const names = top.map((d) => d.pasta.nome);
    expect(names).toContain(`${stamp} escrita`);
    expect(names).toContain(`${stamp} topo`);
    expect(names).not.toContain(`${stamp} leitura`);
    expect(names).not.toContain(`${stamp} filha`);
    const writable = top.find((d) => d.pasta.id === ids.writable);
    expect(writable).toMatchObject({ temSubpastas: true, pasta: { breadcrumb: [{ nome: `${stamp} leitura` }] } });
    expect(top.find((d) => d.pasta.id === ids.top)?.temSubpastas).toBe(false);

    const children = await level('dealer', { id: ids.writable });
    expect(children.map((d) => d.pasta.nome)).toEqual([`${stamp} filha`]);
    expect(children[0].temSubpastas).toBe(false);
  });

  it('a manager starts from the root folders', async () => {
    const names = (await level('montadora')).map((d) => d.pasta.nome);
    expect(names).toContain(`${stamp} leitura`);
    expect(names).not.toContain(`${stamp} escrita`);
  });

  it('searches the writable folders by name, ignoring case and accents', async () => {
    const found = await level('dealer', { b: `${stamp.toUpperCase()} FÍLHA` });
    expect(found.map((d) => d.pasta.nome)).toEqual([`${stamp} filha`]);
    const none = await level('dealer', { b: `${stamp} leitura` });
    expect(none).toEqual([]);
  });

  it('an unreadable folder is NOT_FOUND', async () => {
    const r = await q('dealer', TREE, { id: '00000000-0000-0000-0000-000000000000' });
    expect(r.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('keeps every folder count exact after all of the above (pasta_contagem against a recount)', async () => {
    await expectFolderCountsExact(portal);
  });
});
