import type { Idioma, UserType } from '@portal/domain';
import { onboardingSeenSchema } from '@portal/domain';
import { t } from '@portal/i18n';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, parseInput } from '../../platform/actions.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { isOnboardingSeen, loadLoggedUserDetails } from './users.queries.js';
import { alterarSenha, mudarLinguaUsuario, setOnboardingSeen } from './users.service.js';

export const guards: ModuleGuards = {
  Query: { usuarioLogado: 'authenticated', currentUserOnboardingIsSeen: 'authenticated' },
  Mutation: {
    mudarLinguaUsuario: 'authenticated',
    setCurrentUserOnboardingSeen: 'authenticated',
    alterarSenha: 'authenticated',
  },
};

/** Maps the signed-in user to the UsuarioLogado type (docs/domains/users.md#the-signed-in-user), labels in the user's language. */
async function usuarioLogado(ctx: GraphQLContext) {
  const me = requireUser(ctx);
  const { marcas, funcionalidades, grupos, dados } = await loadLoggedUserDetails(ctx.services.database, me.id);
  const locale = ctx.locale;
  return {
    id: me.id,
    nome: me.nome,
    email: me.email,
    avatarLink: me.avatarLink,
    marcas,
    tipo: { id: me.tipo, description: t(locale, `userType.${me.tipo satisfies UserType}`) },
    idioma: { id: me.idioma, description: t(locale, `idioma.${me.idioma satisfies Idioma}`) },
    funcionalidades,
    gruposUsuarios: grupos,
    dadosComplementares: dados.map((d) => ({
      ...d,
      funcionalidades: funcionalidades.filter((f) => d.produtoId && f.produtoId === d.produtoId),
    })),
    senhaGerenciadaPeloPortal: me.temSenha && !ctx.services.config.externalOidc,
  };
}

export const resolvers: Resolvers = {
  Query: {
    usuarioLogado: (_: unknown, __: unknown, ctx: GraphQLContext) => usuarioLogado(ctx),
    currentUserOnboardingIsSeen: (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const { id } = parseInput(onboardingSeenSchema, args);
      return isOnboardingSeen(ctx.services.db, requireUser(ctx).id, id);
    },
  },
  Mutation: {
    mudarLinguaUsuario: async (_: unknown, args: { id: string; idioma: Idioma }, ctx: GraphQLContext) => {
      await mudarLinguaUsuario(actionContext(ctx), args);
      ctx.user = { ...requireUser(ctx), idioma: args.idioma };
      ctx.locale = localeOf(args.idioma);
      return usuarioLogado(ctx);
    },
    setCurrentUserOnboardingSeen: async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      await setOnboardingSeen(actionContext(ctx), args);
      return true;
    },
    alterarSenha: async (
      _: unknown,
      args: { senhaAtual: string; novaSenha: string; confirmacao: string },
      ctx: GraphQLContext,
    ) => {
      await alterarSenha(actionContext(ctx), args);
      return true;
    },
  },
};

function localeOf(idioma: Idioma) {
  return idioma === 'ES' ? 'es' : idioma === 'EN' ? 'en' : 'pt-BR';
}
