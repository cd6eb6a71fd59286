import type { DbOrTx } from '../../platform/db.js';
import type { ModuleSeed } from '../../platform/module.js';
import { productIdsByKey } from '../products/products.queries.js';
import { linkUsuario, menu } from './menu.tables.js';

/**
 * The demo's menu tree (categories, items, sub-items; some restricted by key, type or product) and the
 * user menu's extra links: each written only when its table is empty.
 */
export const menuSeed: ModuleSeed = {
  after: ['products'],
  async run({ db }) {
    const { CRM: crmId } = await productIdsByKey(db, ['CRM']);
    await seedMenu(db, { crmId });
    await seedUserLinks(db);
  },
};

/** The demo's extra links of the user menu: one in-app path, one external page. */
async function seedUserLinks(tx: DbOrTx) {
  const [any] = await tx.select({ id: linkUsuario.id }).from(linkUsuario).limit(1);
  if (any) return;
  await tx.insert(linkUsuario).values([
    { titulo: 'Minhas notificações', tituloChave: 'menu.minhasNotificacoes', uri: '/notificacoes', ordem: 1 },
    {
      titulo: 'Política de privacidade',
      tituloChave: 'menu.privacidade',
      uri: 'https://portal.demo/privacidade',
      externo: true,
      ordem: 2,
    },
  ]);
}

/** The demo menu tree: categories, items and sub-items, some restricted by key or type; each with a title per language. */
async function seedMenu(tx: DbOrTx, ids: { crmId: string }) {
  const [any] = await tx.select({ id: menu.id }).from(menu).limit(1);
  if (any) return;
  const entry = async (v: Partial<typeof menu.$inferInsert> & { titulo: string; ordem: number }) => {
    const [row] = await tx.insert(menu).values(v).returning({ id: menu.id });
    return row.id;
  };
  const portal = await entry({ titulo: 'Portal', tituloChave: 'menu.portal', ordem: 1 });
  await entry({ parentId: portal, titulo: 'Início', tituloChave: 'route.home', uri: '/home', ordem: 1 });
  await entry({
    parentId: portal,
    titulo: 'Comunicados',
    tituloChave: 'route.comunicados',
    uri: '/comunicados',
    ordem: 2,
  });
  await entry({
    parentId: portal,
    titulo: 'Biblioteca virtual',
    tituloChave: 'route.biblioteca',
    uri: '/biblioteca',
    ordem: 3,
  });
  const admin = await entry({ titulo: 'Administração', tituloChave: 'menu.administracao', ordem: 2 });
  const adminItems: [string, string][] = [
    ['route.usuarios', '/usuarios'],
    ['route.dealers', '/dealers'],
    ['route.grupos', '/grupos'],
    ['route.gruposUsuarios', '/gruposUsuarios'],
    ['route.slides', '/slides'],
    ['route.anuncios', '/anuncios'],
    ['route.notificacoesGenericas', '/notificacoesGenericas'],
    ['route.importarUsuarios', '/importarUsuarios'],
    ['route.superAdmin', '/superAdmin'],
    ['route.auditoriaBusca', '/auditoria'],
  ];
  for (const [i, [key, uri]] of adminItems.entries()) {
    await entry({ parentId: admin, titulo: key, tituloChave: key, uri, ordem: i + 1 });
  }
  const crm = await entry({ titulo: 'CRM Rede', tituloChave: 'menu.crmRede', ordem: 3, produtoId: ids.crmId });
  const vendas = await entry({
    parentId: crm,
    titulo: 'Vendas',
    tituloChave: 'menu.vendas',
    uri: '/vendas',
    produtoId: ids.crmId,
    ordem: 1,
    chaves: ['CRM_VENDAS'],
  });
  await entry({
    parentId: vendas,
    titulo: 'Funil',
    tituloChave: 'menu.funil',
    uri: '/vendas/funil',
    produtoId: ids.crmId,
    ordem: 1,
    chaves: ['CRM_VENDAS'],
  });
  await entry({
    parentId: crm,
    titulo: 'Relatórios',
    tituloChave: 'menu.relatorios',
    uri: '/relatorios',
    produtoId: ids.crmId,
    ordem: 2,
    chaves: ['CRM_RELATORIOS'],
  });
  const ajuda = await entry({ titulo: 'Ajuda', tituloChave: 'menu.ajudaCategoria', ordem: 4 });
  await entry({
    parentId: ajuda,
    titulo: 'Central de ajuda',
    tituloChave: 'menu.ajuda',
    uri: 'https://ajuda.portal.demo',
    externo: true,
    ordem: 1,
  });
  await entry({
    parentId: ajuda,
    titulo: 'Academia',
    tituloChave: 'menu.academia',
    uri: 'https://academia.portal.demo',
    externo: true,
    ordem: 2,
  });
  const novidades = await entry({ titulo: 'Novidades', tituloChave: 'menu.novidades', ordem: 5 });
  await entry({
    parentId: novidades,
    titulo: 'Minhas novidades',
    tituloChave: 'route.novidades',
    uri: '/novidades',
    ordem: 1,
  });
}
