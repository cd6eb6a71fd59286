import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { brandIdsByName } from '../src/modules/dealers/dealers.queries.js';
import { dealer, dealerMarca } from '../src/modules/dealers/dealers.tables.js';
import { inativarGrupo } from '../src/modules/groups/groups.service.js';
import { grupo } from '../src/modules/groups/groups.tables.js';
import { accessTypeIdByName, featureIdsByKey } from '../src/modules/products/products.queries.js';
import { grupoUsuarios } from '../src/modules/user-groups/user-groups.tables.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { type ActionContext, systemContext } from '../src/platform/actions.js';
import { gql, signIn } from './browserless.js';
import { contextOf, createDealer, createDealerGroup, createUser, createUserGroup, freshCnpj } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

/** The audit rows of one entity. */
const auditsOf = (portal: TestPortal, entityId: string) =>
  portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, entityId));

const badInput = (fields: Record<string, string>) => ({ code: 'BAD_USER_INPUT', fields });

describe('organisation actions: dealer groups, dealers, user groups, users (through the test factories)', () => {
  let portal: TestPortal;
  let admin: ActionContext;
  let dealerUser: ActionContext;
  beforeAll(async () => {
    portal = await startTestPortal();
    admin = await contextOf(portal, 'admin@portal.demo');
    dealerUser = await contextOf(portal, 'dealer@portal.demo');
  });
  afterAll(() => portal?.stop());

  it('createDealerGroup: creates and audits; a name taken accent- and case-insensitively or empty is refused on nome; FORBIDDEN without the key', async () => {
    const group = await createDealerGroup(admin, { nome: 'Grupo Estrela' });
    const [row] = await portal.services.db.select().from(grupo).where(eq(grupo.id, group.id));
    expect(row).toMatchObject({ nome: 'Grupo Estrela', active: true });
    expect((await auditsOf(portal, group.id)).map((a) => [a.acao, a.usuarioId])).toEqual([['criar', admin.actor?.id]]);

    await expect(createDealerGroup(portal, { nome: 'grupo éstrela' })).rejects.toMatchObject(
      badInput({ nome: 'organisation.nameTaken' }),
    );
    await expect(createDealerGroup(portal, { nome: '  ' })).rejects.toMatchObject(
      badInput({ nome: 'validation.required' }),
    );
    await expect(createDealerGroup(dealerUser, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('createDealer: stores CNPJ and CEP as digits with its brands, audited; refuses bad and taken CNPJs and codes per field', async () => {
    const brands = await brandIdsByName(portal.services.db, ['Aurora', 'Cometa']);
    const extra = freshCnpj();
    const created = await createDealer(portal, {
      cnpj: '11.444.777/0001-61',
      cnpjsAdicionais: [extra],
      codigosAdicionais: ['EXTRA-1'],
      marcaIds: Object.values(brands),
      cep: '01310-100',
      uf: 'SP',
    });
    const [row] = await portal.services.db.select().from(dealer).where(eq(dealer.id, created.id));
    expect(row).toMatchObject({ cnpj: '11444777000161', cep: '01310100', cnpjsAdicionais: [extra], active: true });
    const links = await portal.services.db.select().from(dealerMarca).where(eq(dealerMarca.dealerId, created.id));
    expect(links.map((l) => l.marcaId).sort()).toEqual(Object.values(brands).sort());
    expect((await auditsOf(portal, created.id)).map((a) => a.acao)).toEqual(['criar']);

    const group = created.grupoId;
    await expect(createDealer(portal, { grupoId: group, cnpj: '11444777000162' })).rejects.toMatchObject(
      badInput({ cnpj: 'validation.invalid' }),
    );
    await expect(createDealer(portal, { grupoId: group, nome: 'Curta' })).rejects.toMatchObject(
      badInput({ nome: 'organisation.corporateNameMin' }),
    );
    // Taken as a main CNPJ, as an additional one, and as codes in either role.
    await expect(createDealer(portal, { grupoId: group, cnpj: '11444777000161' })).rejects.toMatchObject(
      badInput({ cnpj: 'organisation.cnpjTaken' }),
    );
    await expect(createDealer(portal, { grupoId: group, cnpj: extra })).rejects.toMatchObject(
      badInput({ cnpj: 'organisation.cnpjTaken' }),
    );
    await expect(createDealer(portal, { grupoId: group, cnpjsAdicionais: ['11444777000161'] })).rejects.toMatchObject(
      badInput({ 'cnpjsAdicionais.0': 'organisation.cnpjTaken' }),
    );
    await expect(
      createDealer(portal, { grupoId: group, codigoPrincipal: created.codigoPrincipal }),
    ).rejects.toMatchObject(badInput({ codigoPrincipal: 'organisation.codeTaken' }));
    await expect(createDealer(portal, { grupoId: group, codigoPrincipal: 'EXTRA-1' })).rejects.toMatchObject(
      badInput({ codigoPrincipal: 'organisation.codeTaken' }),
    );
    await expect(createDealer(portal, { grupoId: crypto.randomUUID() })).rejects.toMatchObject(
      badInput({ grupoId: 'validation.invalid' }),
    );
    await expect(createDealer(dealerUser, { grupoId: group })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('createUserGroup: private by default, audited; a taken name is refused; a public one needs its own key', async () => {
    const created = await createUserGroup(admin, { nome: 'Vendas Sul' });
    const [row] = await portal.services.db.select().from(grupoUsuarios).where(eq(grupoUsuarios.id, created.id));
    expect(row).toMatchObject({ nome: 'Vendas Sul', publico: false, active: true });
    expect((await auditsOf(portal, created.id)).map((a) => a.acao)).toEqual(['criar']);
    await expect(createUserGroup(portal, { nome: 'VENDAS SUL' })).rejects.toMatchObject(
      badInput({ nome: 'organisation.nameTaken' }),
    );
    await expect(createUserGroup(portal, { nome: '' })).rejects.toMatchObject(
      badInput({ nome: 'validation.required' }),
    );

    const keys = await featureIdsByKey(portal.services.db, ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS']);
    const manager = await createUser(portal, { idsFuncionalidades: Object.values(keys) });
    const asManager = await contextOf(portal, manager.email);
    await createUserGroup(asManager, { publico: false });
    await expect(createUserGroup(asManager, { publico: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await createUserGroup(admin, { publico: true })).publico).toBe(true);
    await expect(createUserGroup(dealerUser, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('createUser: a dealer user with links and a password signs in and sees them; audited without the hash', async () => {
    const dealerRow = await createDealer(portal);
    const userGroup = await createUserGroup(portal);
    const features = await featureIdsByKey(portal.services.db, ['PORTAL_GERENCIAR_BIBLIOTECA']);
    const seller = await accessTypeIdByName(portal.services.db, 'CRM', 'Vendedor');
    const user = await createUser(admin, {
      email: 'Nova.Pessoa@Teste.Demo',
      cpf: '529.982.247-25',
      tipo: 'DEALER_GRUPO',
      idioma: 'EN',
      idsDealers: [dealerRow.id],
      idsGrupos: [dealerRow.grupoId],
      idsGruposUsuarios: [userGroup.id],
      idsFuncionalidades: Object.values(features),
      idsTiposAcesso: [seller as string],
      password: 'Teste@2026',
    });
    const [row] = await portal.services.db.select().from(usuario).where(eq(usuario.id, user.id));
    expect(row).toMatchObject({
      email: 'nova.pessoa@teste.demo',
      cpf: '52998224725',
      tipo: 'DEALER_GRUPO',
      idioma: 'EN',
    });

    const { client } = await signIn(portal.baseUrl, 'nova.pessoa@teste.demo', 'Teste@2026');
    const me = (
      await gql(client, portal.baseUrl, '{ usuarioLogado { email gruposUsuarios { nome } funcionalidades { chave } } }')
    ).data.usuarioLogado;
    expect(me.gruposUsuarios).toEqual([{ nome: userGroup.nome }]);
    expect(me.funcionalidades.map((f: { chave: string }) => f.chave).sort()).toEqual([
      'CRM_VENDAS',
      'PORTAL_GERENCIAR_BIBLIOTECA',
    ]);

    const [audit] = await auditsOf(portal, user.id);
    expect(audit).toMatchObject({ acao: 'criar', usuarioId: admin.actor?.id });
    expect(JSON.stringify(audit.depois)).not.toContain('senhaHash');
    expect(audit.depois).toMatchObject({ email: 'nova.pessoa@teste.demo', senhaDefinida: true });
  });

  it('createUser: refuses a taken e-mail (any case) or CPF (any punctuation), bad values and unknown links per field; FORBIDDEN without the key', async () => {
    const first = await createUser(portal, { cpf: '111.444.777-35' });
    await expect(createUser(portal, { email: first.email.toUpperCase() })).rejects.toMatchObject(
      badInput({ email: 'users.emailTaken' }),
    );
    await expect(createUser(portal, { cpf: '11144477735' })).rejects.toMatchObject(badInput({ cpf: 'users.cpfTaken' }));
    await expect(createUser(portal, { cpf: '111.444.777-36' })).rejects.toMatchObject(
      badInput({ cpf: 'validation.invalid' }),
    );
    await expect(createUser(portal, { email: 'sem-arroba' })).rejects.toMatchObject(
      badInput({ email: 'validation.email' }),
    );
    await expect(createUser(portal, { tipo: 'DEALER_GRUPO' })).rejects.toMatchObject(
      badInput({ idsDealers: 'users.dealerRequired' }),
    );
    await expect(createUser(portal, { idsGruposUsuarios: [crypto.randomUUID()] })).rejects.toMatchObject(
      badInput({ idsGruposUsuarios: 'validation.invalid' }),
    );
    await expect(createUser(dealerUser, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('inativarGrupo on factory data: the group, its dealers and the users linked to either, in one transaction, each audited', async () => {
    const group = await createDealerGroup(portal);
    const [a, b] = [
      await createDealer(portal, { grupoId: group.id }),
      await createDealer(portal, { grupoId: group.id }),
    ];
    const viaGroup = await createUser(portal, { idsGrupos: [group.id] });
    const viaDealer = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [b.id] });
    const elsewhere = await createUser(portal);

    const result = await inativarGrupo(admin, { grupoId: group.id });
    expect(result.dealers.sort()).toEqual([a.id, b.id].sort());
    expect(result.usuarios.sort()).toEqual([viaGroup.id, viaDealer.id].sort());
    const active = async (id: string) =>
      (await portal.services.db.select({ active: usuario.active }).from(usuario).where(eq(usuario.id, id)))[0].active;
    expect([await active(viaGroup.id), await active(viaDealer.id), await active(elsewhere.id)]).toEqual([
      false,
      false,
      true,
    ]);
    for (const id of [group.id, a.id, b.id, viaGroup.id, viaDealer.id]) {
      expect((await auditsOf(portal, id)).map((r) => r.acao)).toContain('inativar');
    }
    await expect(inativarGrupo(dealerUser, { grupoId: group.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(inativarGrupo(systemContext(portal.services), { grupoId: crypto.randomUUID() })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });
});
