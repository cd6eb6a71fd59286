import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { describeGuard } from '../platform/graphql/guards.js';
import { allGuards, loadTypeDefs } from '../platform/graphql/schema.js';
import { portalModules } from './index.js';

/**
 * Operation -> guard, reviewed as a permission change (docs/domains/permissions.md#every-operation-declares-its-guard): a diff in this listing means
 * someone changed who can reach what.
 */
describe('every GraphQL operation declares its guard', () => {
  it('no operation of the schema lacks a guard, and no guard names a missing operation', () => {
    const schema = buildSchema(loadTypeDefs(portalModules));
    const guards = allGuards(portalModules);
    for (const root of ['Query', 'Mutation'] as const) {
      const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
      const fields = Object.keys(type?.getFields() ?? {}).sort();
      expect(Object.keys(guards[root] ?? {}).sort()).toEqual(fields);
    }
  });

  it('lists operation -> guard', () => {
    const guards = allGuards(portalModules);
    const listing = (['Query', 'Mutation'] as const).flatMap((root) =>
      Object.entries(guards[root] ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, guard]) => `${root}.${name}: ${describeGuard(guard)}`),
    );
    expect(listing).toMatchInlineSnapshot(`
      [
        "Query.anuncio: keys: PORTAL_MANUTENCAO_ANUNCIOS",
        "Query.anuncioAleatorio: authenticated",
        "Query.anuncios: keys: PORTAL_MANUTENCAO_ANUNCIOS",
        "Query.aprovadoresComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.arquivo: authenticated",
        "Query.auditoria: types: TECSINAPSE",
        "Query.buscaAuditoria: types: TECSINAPSE",
        "Query.buscaBiblioteca: authenticated",
        "Query.buscaBibliotecaPaged: authenticated",
        "Query.cargos: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.comunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.comunicadoEnvio: authenticated",
        "Query.comunicadoEnvios: authenticated",
        "Query.comunicadoEnviosRecentes: authenticated",
        "Query.comunicados: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.contagemConteudoBiblioteca: authenticated",
        "Query.contagemDestinatarios: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.countNotificacoesNaoLidas: authenticated",
        "Query.currentUserOnboardingIsSeen: authenticated",
        "Query.dashboardComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.dealer: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.dealers: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.departamentosCargosUsuarios: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.departamentosComunicados: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.desligamentos: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.emailsEnviados: keys: PORTAL_ADMINISTRATIVO_TECSINAPSE",
        "Query.grupo: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.grupos: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.gruposComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.gruposUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Query.gruposUsuariosAtivos: authenticated",
        "Query.grupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Query.impactoInativacaoMarca: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.importStatus: keys: PORTAL_IMPORTACAO_USUARIOS",
        "Query.infoUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.itemsPorPasta: authenticated",
        "Query.itemsPorPastaPaged: authenticated",
        "Query.leiturasComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.linkDownloadByArquivo: authenticated",
        "Query.lixeiraBiblioteca: authenticated",
        "Query.marcas: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.menuAdministracao: types: TECSINAPSE",
        "Query.menusAdministracao: types: TECSINAPSE",
        "Query.menuUsuarioLogado: authenticated",
        "Query.notificacoes: authenticated",
        "Query.notificacoesMenu: authenticated",
        "Query.novidades: authenticated",
        "Query.opcoesDealer: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.opcoesMenuAdministracao: types: TECSINAPSE",
        "Query.pasta: authenticated",
        "Query.pastasComPermissaoEscrita: authenticated",
        "Query.ping: public",
        "Query.podeAdicionarCargo: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.portalProperties: public",
        "Query.produtos: keys: PORTAL_MANUTENCAO_USUARIOS | PORTAL_CONSULTA_VISUALIZACAO_USUARIOS",
        "Query.produtosByDealersAndTipoUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.resumoInativacaoGrupo: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Query.slide: keys: PORTAL_MANUTENCAO_SLIDES",
        "Query.slides: keys: PORTAL_MANUTENCAO_SLIDES",
        "Query.slidesAtivos: authenticated",
        "Query.ultimosModificados: authenticated",
        "Query.usuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.usuarioByCpf: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.usuarioByEmail: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.usuarioDominioQuery: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.usuarioLogado: authenticated",
        "Query.usuarios: keys: PORTAL_MANUTENCAO_USUARIOS | PORTAL_CONSULTA_VISUALIZACAO_USUARIOS",
        "Query.usuariosAudiencia: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Query.usuariosByTipoUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.usuariosParaGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Query.usuariosPorGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Query.usuariosPortalProperties: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Query.versoesItemBiblioteca: authenticated",
        "Mutation.adicionarUsuariosGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Mutation.alterarAtivacaoEspecial: keys: LIBERAR_ATIVACAO_ESPECIAL",
        "Mutation.alterarSenha: authenticated",
        "Mutation.aprovarComunicado: keys: PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.arquivarComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.arquivarEnvio: authenticated",
        "Mutation.ativarAnuncio: keys: PORTAL_MANUTENCAO_ANUNCIOS",
        "Mutation.ativarDealer: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.ativarGrupo: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.ativarGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Mutation.ativarMarca: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.ativarMenu: types: TECSINAPSE",
        "Mutation.ativarSlide: keys: PORTAL_MANUTENCAO_SLIDES",
        "Mutation.ativarUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Mutation.concederAcesso: authenticated",
        "Mutation.criarErrata: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.criarNovaPasta: keys: PORTAL_GERENCIAR_BIBLIOTECA",
        "Mutation.desarquivarComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.enviarComunicado: keys: PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.enviarNotificacaoGenerica: keys: PORTAL_NOTIFICACOES_GENERICAS",
        "Mutation.enviarParaAprovacao: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.esvaziarLixeiraBiblioteca: authenticated",
        "Mutation.excluirItem: authenticated",
        "Mutation.excluirItemBiblioteca: authenticated",
        "Mutation.favoritarEnvio: authenticated",
        "Mutation.gerarLinkDownloadByItemBiblioteca: authenticated",
        "Mutation.gerarLinkDownloadVersaoBiblioteca: authenticated",
        "Mutation.importarSimulacao: keys: PORTAL_IMPORTACAO_USUARIOS",
        "Mutation.inativarAnuncio: keys: PORTAL_MANUTENCAO_ANUNCIOS",
        "Mutation.inativarDealer: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.inativarGrupo: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.inativarGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Mutation.inativarMarca: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.inativarMenu: types: TECSINAPSE",
        "Mutation.inativarSlide: keys: PORTAL_MANUTENCAO_SLIDES",
        "Mutation.inativarUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Mutation.marcarEnvioComoLido: authenticated",
        "Mutation.marcarNotificacaoComoLida: authenticated",
        "Mutation.marcarNotificacoesComoVistas: authenticated",
        "Mutation.marcarNovidadesVistas: authenticated",
        "Mutation.marcarTodasNotificacoesComoLidas: authenticated",
        "Mutation.moverItemBiblioteca: keys: PORTAL_GERENCIAR_BIBLIOTECA",
        "Mutation.mudarLinguaUsuario: authenticated",
        "Mutation.noop: public",
        "Mutation.rejeitarComunicado: keys: PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.removerUsuarioGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Mutation.renomearItem: authenticated",
        "Mutation.renomearItemBiblioteca: authenticated",
        "Mutation.restaurarItemBiblioteca: authenticated",
        "Mutation.restaurarVersaoItemBiblioteca: authenticated",
        "Mutation.salvarAnuncio: keys: PORTAL_MANUTENCAO_ANUNCIOS",
        "Mutation.salvarComunicado: keys: PORTAL_CRIACAO_COMUNICADOS | PORTAL_APROVACAO_ENVIO_COMUNICADOS",
        "Mutation.salvarDealer: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.salvarGrupo: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.salvarGrupoUsuarios: keys: PORTAL_MANUTENCAO_GRUPOS_USUARIOS",
        "Mutation.salvarMarca: keys: PORTAL_MANUTENCAO_DEALERS_GRUPO",
        "Mutation.salvarMenu: types: TECSINAPSE",
        "Mutation.salvarSlide: keys: PORTAL_MANUTENCAO_SLIDES",
        "Mutation.salvarUsuario: keys: PORTAL_MANUTENCAO_USUARIOS",
        "Mutation.setCurrentUserOnboardingSeen: authenticated",
        "Mutation.substituirArquivoBiblioteca: keys: PORTAL_GERENCIAR_BIBLIOTECA",
        "Mutation.uploadArquivos: keys: PORTAL_GERENCIAR_BIBLIOTECA",
      ]
    `);
  });
});
