import { LIST_PAGE_SIZES } from '@portal/domain';
import type { MarcaAdministracao, Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs } from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { ModuleGuards, OperationGuard } from '../../platform/graphql/guards.js';
import { complementaryDataOptions, productOptions } from '../products/products.queries.js';
import { usersOfDealer } from '../users/users.queries.js';
import { syncResult } from '../users/users.sync.js';
import { type DealerRow, dealerGroupOptions, findDealer, pageDealers } from './dealers.list.js';
import type { DealerModel } from './dealers.mappers.js';
import { type BrandRow, brandInactivationImpact, brandOptions, findBrand, pageBrands } from './dealers.queries.js';
import {
  alterarStatusDealer,
  ativarMarca,
  inativarMarca,
  salvarDealer,
  salvarMarca,
  unlinkInactiveBrands,
} from './dealers.service.js';

/** Dealers and brands are administered with PORTAL_MANUTENCAO_DEALERS_GRUPO (SPEC §2). */
const MAINTAIN: OperationGuard = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] };

export const guards: ModuleGuards = {
  Query: {
    dealers: MAINTAIN,
    dealer: MAINTAIN,
    opcoesDealer: MAINTAIN,
    marcas: MAINTAIN,
    impactoInativacaoMarca: MAINTAIN,
  },
  Mutation: {
    salvarDealer: MAINTAIN,
    sincronizarDealers: { types: ['TECSINAPSE'] },
    ativarDealer: MAINTAIN,
    inativarDealer: MAINTAIN,
    salvarMarca: MAINTAIN,
    ativarMarca: MAINTAIN,
    inativarMarca: MAINTAIN,
  },
};

/** Dealer rows as the API gives them, with their products' and complementary data's names. */
export async function toDealers(db: DbOrTx, list: DealerRow[]): Promise<DealerModel[]> {
  const needsNames = list.some((r) => r.produto_ids.length || r.dados.length);
  const [products, data] = needsNames
    ? await Promise.all([productOptions(db), complementaryDataOptions(db)])
    : [[], []];
  return list.map((r) => ({
    id: r.id,
    nome: r.nome,
    nomeExibicao: r.nome_exibicao,
    cnpj: r.cnpj,
    cnpjsAdicionais: r.cnpjs_adicionais,
    codigoPrincipal: r.codigo_principal,
    codigosAdicionais: r.codigos_adicionais,
    grupo: { id: r.grupo_id, nome: r.grupo_nome ?? '' },
    marcas: r.marcas.map((m) => ({ id: m.id, description: m.descricao, facebookId: m.facebookId })),
    produtos: products.filter((p) => r.produto_ids.includes(p.id)).map((p) => ({ id: p.id, nome: p.nome })),
    dadosComplementares: r.dados.map((d) => {
      const option = data.find((o) => o.id === d.dadoComplementarId);
      return { ...d, descricao: option?.descricao ?? '', produtoId: option?.produtoId ?? null };
    }),
    logradouro: r.logradouro,
    bairro: r.bairro,
    cidade: r.cidade,
    cep: r.cep,
    complemento: r.complemento,
    uf: r.uf,
    contatos: r.contatos.map((c) => ({ nome: c.nome, email: c.email ?? null, telefone: c.telefone ?? null })),
    active: r.active,
  }));
}

/** One dealer after a read or a write; NOT_FOUND when there is none. */
async function dealerById(db: DbOrTx, id: string): Promise<DealerModel> {
  const row = await findDealer(db, id);
  if (!row) throw notFound();
  const [model] = await toDealers(db, [row]);
  return model;
}

const toBrand = (r: BrandRow): MarcaAdministracao => ({
  id: r.id,
  descricao: r.descricao,
  facebookId: r.facebook_id,
  active: r.active,
  quantidadeDealers: r.dealers,
});

/** One brand after a read or a write; NOT_FOUND when there is none. */
async function brandById(db: DbOrTx, id: string): Promise<MarcaAdministracao> {
  const row = await findBrand(db, id);
  if (!row) throw notFound();
  return toBrand(row);
}

export const resolvers: Resolvers = {
  Query: {
    dealers: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const result = await pageDealers(ctx.services.db, { ...args, ...page });
      return { content: await toDealers(ctx.services.db, result.content), totalElements: result.totalElements };
    },
    dealer: (_, { id }, ctx) => dealerById(ctx.services.db, id),
    opcoesDealer: async (_, __, ctx) => {
      const { db } = ctx.services;
      const [grupos, marcas, produtos, dados] = await Promise.all([
        dealerGroupOptions(db),
        brandOptions(db),
        productOptions(db),
        complementaryDataOptions(db),
      ]);
      return {
        grupos,
        marcas: marcas.map((m) => ({ id: m.id, nome: m.descricao, active: m.active })),
        produtos: produtos.map((p) => ({ id: p.id, nome: p.nome, active: true })),
        dadosComplementares: dados,
      };
    },
    marcas: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const result = await pageBrands(ctx.services.db, { ...args, ...page });
      return { content: result.content.map(toBrand), totalElements: result.totalElements };
    },
    impactoInativacaoMarca: async (_, { id }, ctx) => {
      if (!(await findBrand(ctx.services.db, id))) throw notFound();
      const impact = await brandInactivationImpact(ctx.services.db, id);
      return { dealersDesvinculados: impact.unlinked.length, dealersInativados: impact.inactivated.length };
    },
  },
  Mutation: {
    sincronizarDealers: async (_, __, ctx) => syncResult(await unlinkInactiveBrands(actionContext(ctx))),
    salvarDealer: async (_, { id, dealer }, ctx) => {
      const saved = await salvarDealer(actionContext(ctx), { id, dealer: dealer as never });
      return dealerById(ctx.services.db, saved.id);
    },
    ativarDealer: async (_, { id }, ctx) =>
      dealerById(ctx.services.db, await alterarStatusDealer(actionContext(ctx), { id, active: true })),
    inativarDealer: async (_, { id }, ctx) =>
      dealerById(ctx.services.db, await alterarStatusDealer(actionContext(ctx), { id, active: false })),
    salvarMarca: async (_, { id, marca }, ctx) =>
      brandById(ctx.services.db, (await salvarMarca(actionContext(ctx), { id, marca })).id),
    ativarMarca: async (_, { id }, ctx) => brandById(ctx.services.db, await ativarMarca(actionContext(ctx), { id })),
    inativarMarca: async (_, { id }, ctx) => {
      const result = await inativarMarca(actionContext(ctx), { id });
      return { ...result, marca: await brandById(ctx.services.db, result.id) };
    },
  },
  Dealer: {
    usuarios: async (parent, _, ctx) =>
      (await usersOfDealer(ctx.services.db, parent.id)).map((u) => ({
        id: u.id,
        nome: u.nome,
        email: u.email,
        active: u.active,
        gruposUsuarios: u.grupos,
      })),
  },
};
