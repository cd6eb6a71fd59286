import { FEATURE_KEYS, type FeatureKey } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
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

/** Finds a row by a natural key or inserts it; returns its id. */
async function ensure<T extends { id: string }>(find: () => Promise<T[]>, insert: () => Promise<T[]>): Promise<string> {
  const [found] = await find();
  if (found) return found.id;
  const [created] = await insert();
  return created.id;
}

/**
 * The demo's products (Portal, CRM, Peças), the portal's feature keys and two per product, access
 * types with their default features, and the CRM manual (a complementary data link). The catalogue has
 * no administration yet, so this part writes its own tables directly.
 */
export const productsSeed: ModuleSeed = {
  async run({ db: tx }) {
    const product = (chave: string, nome: string, ordem: number, baseUriHomolog: string | null) =>
      ensure(
        () => tx.select({ id: produto.id }).from(produto).where(eq(produto.chave, chave)),
        () => tx.insert(produto).values({ chave, nome, ordem, baseUriHomolog }).returning({ id: produto.id }),
      );
    const portalId = await product('PORTAL', 'Portal', 0, null);
    const crmId = await product('CRM', 'CRM Rede', 1, 'https://crm-homolog.portal.demo');
    const pecasId = await product('PECAS', 'Peças', 2, 'https://pecas-homolog.portal.demo');

    const feature = (produtoId: string, chave: string, nome: string) =>
      ensure(
        () => tx.select({ id: funcionalidade.id }).from(funcionalidade).where(eq(funcionalidade.chave, chave)),
        () => tx.insert(funcionalidade).values({ produtoId, chave, nome }).returning({ id: funcionalidade.id }),
      );
    const featureIds = {} as Record<string, string>;
    for (const key of FEATURE_KEYS) featureIds[key] = await feature(portalId, key, FEATURE_NAMES[key]);
    for (const [produtoId, chave, nome] of [
      [crmId, 'CRM_VENDAS', 'Vendas'],
      [crmId, 'CRM_RELATORIOS', 'Relatórios'],
      [pecasId, 'PECAS_PEDIDOS', 'Pedidos'],
      [pecasId, 'PECAS_ESTOQUE', 'Estoque'],
    ] as const) {
      featureIds[chave] = await feature(produtoId, chave, nome);
    }

    const accessType = async (produtoId: string, nome: string, keys: readonly string[]) => {
      const id = await ensure(
        () =>
          tx
            .select({ id: tipoAcesso.id })
            .from(tipoAcesso)
            .where(and(eq(tipoAcesso.produtoId, produtoId), eq(tipoAcesso.nome, nome))),
        () => tx.insert(tipoAcesso).values({ produtoId, nome }).returning({ id: tipoAcesso.id }),
      );
      if (keys.length) {
        await tx
          .insert(tipoAcessoFuncionalidade)
          .values(keys.map((k) => ({ tipoAcessoId: id, funcionalidadeId: featureIds[k] })))
          .onConflictDoNothing();
      }
    };
    await accessType(portalId, 'Administrador', FEATURE_KEYS);
    await accessType(portalId, 'Comunicação', ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA']);
    await accessType(portalId, 'Aprovação', ['PORTAL_APROVACAO_ENVIO_COMUNICADOS']);
    await accessType(portalId, 'Consulta', []);
    await accessType(crmId, 'Vendedor', ['CRM_VENDAS']);
    await accessType(crmId, 'Gerente', ['CRM_VENDAS', 'CRM_RELATORIOS']);
    await accessType(pecasId, 'Balcão', ['PECAS_PEDIDOS']);
    await accessType(pecasId, 'Gestor', ['PECAS_PEDIDOS', 'PECAS_ESTOQUE']);

    await ensure(
      () =>
        tx
          .select({ id: dadoComplementar.id })
          .from(dadoComplementar)
          .where(eq(dadoComplementar.descricao, 'Manual do CRM')),
      () =>
        tx
          .insert(dadoComplementar)
          .values({
            produtoId: crmId,
            tipo: 'LINK',
            descricao: 'Manual do CRM',
            urlBase: 'https://crm.portal.demo/manual',
            ordem: 1,
          })
          .returning({ id: dadoComplementar.id }),
    );
  },
};
