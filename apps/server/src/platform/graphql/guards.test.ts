import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { describeGuard } from './guards.js';
import { allGuards, loadTypeDefs } from './schema.js';

/**
 * Operation -> guard, reviewed as a permission change (STYLE §5): a diff in this listing means
 * someone changed who can reach what.
 */
describe('every GraphQL operation declares its guard', () => {
  it('no operation of the schema lacks a guard, and no guard names a missing operation', () => {
    const schema = buildSchema(loadTypeDefs());
    const guards = allGuards();
    for (const root of ['Query', 'Mutation'] as const) {
      const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
      const fields = Object.keys(type?.getFields() ?? {}).sort();
      expect(Object.keys(guards[root] ?? {}).sort()).toEqual(fields);
    }
  });

  it('lists operation -> guard', () => {
    const guards = allGuards();
    const listing = (['Query', 'Mutation'] as const).flatMap((root) =>
      Object.entries(guards[root] ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, guard]) => `${root}.${name}: ${describeGuard(guard)}`),
    );
    expect(listing).toMatchInlineSnapshot(`
      [
        "Query.arquivo: authenticated",
        "Query.auditoria: types: TECSINAPSE",
        "Query.buscaBiblioteca: authenticated",
        "Query.buscaBibliotecaPaged: authenticated",
        "Query.countNotificacoesNaoLidas: authenticated",
        "Query.currentUserOnboardingIsSeen: authenticated",
        "Query.emailsEnviados: keys: PORTAL_ADMINISTRATIVO_TECSINAPSE",
        "Query.gruposUsuariosAtivos: authenticated",
        "Query.itemsPorPasta: authenticated",
        "Query.itemsPorPastaPaged: authenticated",
        "Query.linkDownloadByArquivo: authenticated",
        "Query.menuUsuarioLogado: authenticated",
        "Query.notificacoes: authenticated",
        "Query.notificacoesMenu: authenticated",
        "Query.pasta: authenticated",
        "Query.pastasComPermissaoEscrita: authenticated",
        "Query.ping: public",
        "Query.portalProperties: public",
        "Query.produtos: keys: PORTAL_MANUTENCAO_USUARIOS | PORTAL_CONSULTA_VISUALIZACAO_USUARIOS",
        "Query.ultimosModificados: authenticated",
        "Query.usuarioLogado: authenticated",
        "Mutation.alterarSenha: authenticated",
        "Mutation.concederAcesso: authenticated",
        "Mutation.criarNovaPasta: keys: PORTAL_GERENCIAR_BIBLIOTECA",
        "Mutation.enviarNotificacaoGenerica: keys: PORTAL_NOTIFICACOES_GENERICAS",
        "Mutation.excluirItem: authenticated",
        "Mutation.excluirItemBiblioteca: authenticated",
        "Mutation.gerarLinkDownloadByItemBiblioteca: authenticated",
        "Mutation.marcarNotificacaoComoLida: authenticated",
        "Mutation.marcarNotificacoesComoVistas: authenticated",
        "Mutation.moverItemBiblioteca: keys: PORTAL_GERENCIAR_BIBLIOTECA",
        "Mutation.mudarLinguaUsuario: authenticated",
        "Mutation.noop: public",
        "Mutation.renomearItem: authenticated",
        "Mutation.renomearItemBiblioteca: authenticated",
        "Mutation.setCurrentUserOnboardingSeen: authenticated",
        "Mutation.uploadArquivos: keys: PORTAL_GERENCIAR_BIBLIOTECA",
      ]
    `);
  });
});
