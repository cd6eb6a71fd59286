import { IDIOMAS } from '@portal/domain';
import { t } from '@portal/i18n';
import { eq } from 'drizzle-orm';
import type { Resolvers } from '../../generated/graphql.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { cachedPortalProperties, SHARED_DATA_TTL_MS } from '../portal/portal.queries.js';
import { produto } from '../products/products.tables.js';
import {
  buildUserLinks,
  buildUserMenu,
  loadMenuRows,
  loadUserLinkRows,
  MENU_CACHE_KEY,
  PORTAL_PRODUCT_KEY,
} from './menu.queries.js';

export const guards: ModuleGuards = { Query: { menuUsuarioLogado: 'authenticated' } };

export const resolvers: Resolvers = {
  Query: {
    menuUsuarioLogado: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const { db, config } = ctx.services;
      const { cache } = ctx.services;
      const [props, rows, [portal], linkRows] = await Promise.all([
        cachedPortalProperties(cache, db),
        cache.get(MENU_CACHE_KEY, SHARED_DATA_TTL_MS, () => loadMenuRows(db)),
        cache.get(`${MENU_CACHE_KEY}.product`, SHARED_DATA_TTL_MS, () =>
          db.select({ nome: produto.nome }).from(produto).where(eq(produto.chave, PORTAL_PRODUCT_KEY)),
        ),
        cache.get(`${MENU_CACHE_KEY}.links`, SHARED_DATA_TTL_MS, () => loadUserLinkRows(db)),
      ]);
      const menus = buildUserMenu(rows, user, ctx.locale);
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
        menusJson: JSON.stringify(menus),
        linksExtras: buildUserLinks(linkRows, user, ctx.locale),
      };
    },
  },
};
