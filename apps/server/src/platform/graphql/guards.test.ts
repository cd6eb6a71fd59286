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
        "Query.auditoria: types: TECSINAPSE",
        "Query.countNotificacoesNaoLidas: authenticated",
        "Query.currentUserOnboardingIsSeen: authenticated",
        "Query.emailsEnviados: keys: PORTAL_ADMINISTRATIVO_TECSINAPSE",
        "Query.menuUsuarioLogado: authenticated",
        "Query.notificacoes: authenticated",
        "Query.notificacoesMenu: authenticated",
        "Query.ping: public",
        "Query.portalProperties: public",
        "Query.produtos: keys: PORTAL_MANUTENCAO_USUARIOS | PORTAL_CONSULTA_VISUALIZACAO_USUARIOS",
        "Query.usuarioLogado: authenticated",
        "Mutation.alterarSenha: authenticated",
        "Mutation.enviarNotificacaoGenerica: keys: PORTAL_NOTIFICACOES_GENERICAS",
        "Mutation.marcarNotificacaoComoLida: authenticated",
        "Mutation.marcarNotificacoesComoVistas: authenticated",
        "Mutation.mudarLinguaUsuario: authenticated",
        "Mutation.noop: public",
        "Mutation.setCurrentUserOnboardingSeen: authenticated",
      ]
    `);
  });
});
