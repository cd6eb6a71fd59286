import { IDIOMAS, LIST_PAGE_SIZES, type UserType } from '@portal/domain';
import { t } from '@portal/i18n';
import type { MenuAdministracao, Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs } from '../../platform/actions.js';
import { SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards, OperationGuard } from '../../platform/graphql/guards.js';
import { featureOptions, productOptions } from '../products/products.queries.js';
import {
  buildUserLinks,
  findMenuAdmin,
  loadUserLinkRows,
  MENU_CACHE_KEY,
  type MenuAdminRow,
  menuParentOptions,
  menusJsonOf,
  PORTAL_PRODUCT_KEY,
  pageMenusAdmin,
  userMenuOf,
} from './menu.queries.js';
import { alterarStatusMenu, salvarMenu } from './menu.service.js';

/** The menus administration is for TECSINAPSE users only. */
const TECSINAPSE: OperationGuard = { types: ['TECSINAPSE'] };

export const guards: ModuleGuards = {
  Query: {
    menuUsuarioLogado: 'authenticated',
    menusAdministracao: TECSINAPSE,
    menuAdministracao: TECSINAPSE,
    opcoesMenuAdministracao: TECSINAPSE,
  },
  Mutation: { salvarMenu: TECSINAPSE, ativarMenu: TECSINAPSE, inativarMenu: TECSINAPSE },
};

/** Rows of the administration as the API gives them, with their product's name. */
async function toAdmin(db: DbOrTx, list: MenuAdminRow[]): Promise<MenuAdministracao[]> {
  const products = list.some((r) => r.produto_id) ? await productOptions(db) : [];
  return list.map((r) => {
    const product = products.find((p) => p.id === r.produto_id);
    return {
      id: r.id,
      titulo: r.titulo,
      tituloChave: r.titulo_chave,
      uri: r.uri,
      produto: product ? { id: product.id, nome: product.nome } : null,
      ordem: r.ordem,
      externo: r.externo,
      active: r.active,
      pai: r.parent_id ? { id: r.parent_id, titulo: r.pai_titulo ?? '' } : null,
      chaves: r.chaves,
      tipos: r.tipos as UserType[],
      quantidadeFilhos: r.filhos,
    };
  });
}

/** One entry as the administration shows it after a read or a write; NOT_FOUND when gone. */
async function adminEntry(ctx: GraphQLContext, id: string): Promise<MenuAdministracao> {
  const row = await findMenuAdmin(ctx.services.db, ctx.locale, id);
  if (!row) throw notFound();
  const [entry] = await toAdmin(ctx.services.db, [row]);
  return entry;
}

export const resolvers: Resolvers = {
  Query: {
    menuUsuarioLogado: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const { db, config } = ctx.services;
      const { cache } = ctx.services;
      const [{ props, products, labels, menus }, linkRows] = await Promise.all([
        userMenuOf(ctx.services, user, ctx.locale),
        cache.get(`${MENU_CACHE_KEY}.links`, SHARED_DATA_TTL_MS, () => loadUserLinkRows(db)),
      ]);
      const portal = products.find((p) => p.chave === PORTAL_PRODUCT_KEY);
      const productName = portal?.nome ?? t(ctx.locale, 'menu.portal');
      return {
        title: props?.name ?? productName,
        theme: props?.theme ?? 'blueOcean',
        productName,
        currentProduct: PORTAL_PRODUCT_KEY,
        linkHelpTec: props?.linkHelpTec ?? null,
        linkPortal: config.publicUrl,
        linkAcademia: props?.linkAcademia ?? null,
        brandImageUrl: props?.brandImageUrl ?? null,
        locales: IDIOMAS.map((id) => ({ id, description: t(ctx.locale, `idioma.${id}`) })),
        menus,
        menusJson: menusJsonOf(menus),
        // Built only when asked.
        get linksExtras() {
          return buildUserLinks(linkRows, user, ctx.locale, labels);
        },
      };
    },
    menusAdministracao: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const result = await pageMenusAdmin(ctx.services.db, ctx.locale, { ...args, ...page });
      return { content: await toAdmin(ctx.services.db, result.content), totalElements: result.totalElements };
    },
    menuAdministracao: (_, { id }, ctx) => adminEntry(ctx, id),
    opcoesMenuAdministracao: async (_, __, ctx) => {
      const { db } = ctx.services;
      const [produtos, funcionalidades, pais] = await Promise.all([
        productOptions(db),
        featureOptions(db),
        menuParentOptions(db, ctx.locale),
      ]);
      return {
        produtos: produtos.map((p) => ({ id: p.id, nome: p.nome })),
        funcionalidades,
        pais: pais.map((p) => ({ id: p.id, titulo: p.titulo })),
      };
    },
  },
  Mutation: {
    salvarMenu: async (_, { id, menu }, ctx) => adminEntry(ctx, await salvarMenu(actionContext(ctx), { id, menu })),
    ativarMenu: async (_, { id }, ctx) =>
      adminEntry(ctx, await alterarStatusMenu(actionContext(ctx), { id, active: true })),
    inativarMenu: async (_, { id }, ctx) =>
      adminEntry(ctx, await alterarStatusMenu(actionContext(ctx), { id, active: false })),
  },
};
