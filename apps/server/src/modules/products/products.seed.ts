import { FEATURE_KEYS, type FeatureKey } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import type { ModuleSeed } from '../../platform/module.js';
import { dadoComplementar, funcionalidade, produto, tipoAcesso, tipoAcessoFuncionalidade } from './products.tables.js';

const FEATURE_NAMES: Record<FeatureKey, string> = {
  PORTAL_GERENCIAR_BIBLIOTECA: 'Gerenciar biblioteca',
  PORTAL_MANUTENCAO_DEALERS_GRUPO: 'Manutenção de dealers e grupos',
  PORTAL_MANUTENCAO_USUARIOS: 'Manutenção de usuários',
  PORTAL_CONSULTA_VISUALIZACAO_USUARIOS: 'Consulta de usuários',
  PORTAL_MANUTENCAO_GRUPOS_USUARIOS: 'Manutenção de grupos de usuários',
  PORTAL_APROVACAO_ENVIO_COMUNICADOS: 'Aprovação e envio de comunicados',
  PORTAL_CRIACAO_COMUNICADOS: 'Criação de comunicados',
  PORTAL_MANUTENCAO_SLIDES: 'Manutenção de slides',
  PORTAL_MANUTENCAO_ANUNCIOS: 'Manutenção de anúncios',
  PORTAL_NOTIFICACOES_GENERICAS: 'Notificações genéricas',
  PORTAL_MANUTENCAO_MODELO: 'Manutenção de modelos',
  LIBERAR_ATIVACAO_ESPECIAL: 'Liberar ativação especial',
  PORTAL_IMPORTACAO_USUARIOS: 'Importação de usuários',
  PORTAL_ADMINISTRATIVO_TECSINAPSE: 'Administrativo Tecsinapse',
  PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS: 'Criação de grupos de usuários públicos',
};

/** Rows' ids by a natural key of theirs. */
function idsBy<R extends { id: string }>(rows: R[], key: (row: R) => string): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [key(r), r.id]));
}

/** Adds the rows whose `chave` is not there yet (one statement) and gives every row's id by its `chave` (one more). */
async function ensureByChave<T extends typeof produto | typeof funcionalidade>(
  tx: Db,
  table: T,
  rows: (T['$inferInsert'] & { chave: string })[],
): Promise<Record<string, string>> {
  // Drizzle takes one table type at a time: both have the `id` and the unique `chave` this needs.
  await tx
    .insert(table as typeof produto)
    .values(rows as (typeof produto.$inferInsert)[])
    .onConflictDoNothing({ target: table.chave });
  const found = await tx
    .select({ id: table.id, chave: table.chave })
    .from(table as typeof produto)
    .where(
      inArray(
        table.chave,
        rows.map((r) => r.chave),
      ),
    );
  return idsBy(found, (r) => r.chave);
}

/** The demo's access types: their product, name and default features. */
const ACCESS_TYPES: readonly [product: 'PORTAL' | 'CRM' | 'PECAS', nome: string, keys: readonly string[]][] = [
  ['PORTAL', 'Administrador', FEATURE_KEYS],
  ['PORTAL', 'Comunicação', ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA']],
  ['PORTAL', 'Aprovação', ['PORTAL_APROVACAO_ENVIO_COMUNICADOS']],
  ['PORTAL', 'Consulta', []],
  ['CRM', 'Vendedor', ['CRM_VENDAS']],
  ['CRM', 'Gerente', ['CRM_VENDAS', 'CRM_RELATORIOS']],
  ['PECAS', 'Balcão', ['PECAS_PEDIDOS']],
  ['PECAS', 'Gestor', ['PECAS_PEDIDOS', 'PECAS_ESTOQUE']],
];

/**
 * The demo's products (Portal, CRM, Peças), the portal's feature keys and two per product, access
 * types with their default features, and the CRM manual (a complementary data link). The catalogue has
 * no administration yet, so this part writes its own tables directly. Each table is read and completed in
 * one or two statements: the seed runs at every start (a restart on PGlite sent some 40 statements here).
 */
export const productsSeed: ModuleSeed = {
  async run({ db: tx }) {
    const products = [
      { chave: 'PORTAL', nome: 'Portal', ordem: 0, baseUriHomolog: null },
      { chave: 'CRM', nome: 'CRM Rede', ordem: 1, baseUriHomolog: 'https://crm-homolog.portal.demo' },
      { chave: 'PECAS', nome: 'Peças', ordem: 2, baseUriHomolog: 'https://pecas-homolog.portal.demo' },
    ];
    const productIds = await ensureByChave(tx, produto, products);

    const features: { produtoId: string; chave: string; nome: string }[] = [
      ...FEATURE_KEYS.map((chave: FeatureKey) => ({ produtoId: productIds.PORTAL, chave, nome: FEATURE_NAMES[chave] })),
      { produtoId: productIds.CRM, chave: 'CRM_VENDAS', nome: 'Vendas' },
      { produtoId: productIds.CRM, chave: 'CRM_RELATORIOS', nome: 'Relatórios' },
      { produtoId: productIds.PECAS, chave: 'PECAS_PEDIDOS', nome: 'Pedidos' },
      { produtoId: productIds.PECAS, chave: 'PECAS_ESTOQUE', nome: 'Estoque' },
    ];
    const featureIds = await ensureByChave(tx, funcionalidade, features);

    // An access type's name is unique only within its product, and no constraint says so: read, then add the missing.
    const accessTypeKey = (produtoId: string, nome: string) => `${produtoId} ${nome}`;
    const readAccessTypes = async () =>
      idsBy(
        await tx
          .select({ id: tipoAcesso.id, produtoId: tipoAcesso.produtoId, nome: tipoAcesso.nome })
          .from(tipoAcesso)
          .where(inArray(tipoAcesso.produtoId, Object.values(productIds))),
        (r) => accessTypeKey(r.produtoId, r.nome),
      );
    let accessTypeIds = await readAccessTypes();
    const missing = ACCESS_TYPES.map(([product, nome]) => ({ produtoId: productIds[product], nome })).filter(
      (t) => !accessTypeIds[accessTypeKey(t.produtoId, t.nome)],
    );
    if (missing.length) {
      await tx.insert(tipoAcesso).values(missing);
      accessTypeIds = await readAccessTypes();
    }
    await tx
      .insert(tipoAcessoFuncionalidade)
      .values(
        ACCESS_TYPES.flatMap(([product, nome, keys]) =>
          keys.map((k) => ({
            tipoAcessoId: accessTypeIds[accessTypeKey(productIds[product], nome)],
            funcionalidadeId: featureIds[k],
          })),
        ),
      )
      .onConflictDoNothing();

    const [manual] = await tx
      .select({ id: dadoComplementar.id })
      .from(dadoComplementar)
      .where(eq(dadoComplementar.descricao, 'Manual do CRM'));
    if (!manual) {
      await tx.insert(dadoComplementar).values({
        produtoId: productIds.CRM,
        tipo: 'LINK',
        descricao: 'Manual do CRM',
        urlBase: 'https://crm.portal.demo/manual',
        ordem: 1,
      });
    }
  },
};
