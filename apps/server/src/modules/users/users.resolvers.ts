import type { Idioma, UserType } from '@portal/domain';
import { cpfField, emailField, IDIOMAS, LIST_PAGE_SIZES, onboardingSeenSchema } from '@portal/domain';
import { t } from '@portal/i18n';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs, parseInput } from '../../platform/actions.js';
import { badInput, notFound } from '../../platform/errors.js';
import { type GraphQLContext, preloaded, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards, OperationGuard } from '../../platform/graphql/guards.js';
import { isUuid } from '../../platform/sql.js';
import { brandOptions, brandsByIds, productsOfDealersSql } from '../dealers/dealers.queries.js';
import { listActiveDealerGroups } from '../groups/groups.queries.js';
import { cachedPortalProperties, presentPortalProperties } from '../portal/portal.queries.js';
import { cachedFeaturesByKey, PORTAL_PRODUCT_KEY, productCatalogue } from '../products/products.queries.js';
import { userGroupsByIds } from '../user-groups/user-groups.queries.js';
import { toUsuarios, usuarioById } from './users.admin-mappers.js';
import {
  adminScope,
  assignableTypes,
  dealerChoices,
  dismissalReasons,
  findUserBy,
  managementDataOf,
  pageUserIds,
  positionCatalogue,
  positionsOf,
  userAccess,
  userIdsByType,
  usersByIdsInScope,
} from './users.list.js';
import type { LoggedUserModel } from './users.mappers.js';
import { isOnboardingSeen, listDepartments, loadLoggedUserComplementaryData } from './users.queries.js';
import {
  alterarAtivacaoEspecial,
  alterarAtivacaoUsuario,
  alterarSenha,
  canAddPosition,
  grantsOf,
  mudarLinguaUsuario,
  salvarUsuario,
  setOnboardingSeen,
  userFormRules,
} from './users.service.js';
import { removeOrphanedPositions, syncIdentityProvider, syncResult } from './users.sync.js';

/** The users administration (docs/domains/users.md#administration). The list is also read-only for viewers. */
const MAINTAIN: OperationGuard = { keys: ['PORTAL_MANUTENCAO_USUARIOS'] };
/** The superAdmin screen's synchronisations are TECSINAPSE's only (SPEC §2). */
const SUPER_ADMIN: OperationGuard = { types: ['TECSINAPSE'] };
const LIST: OperationGuard = { keys: ['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] };

export const guards: ModuleGuards = {
  Query: {
    usuarioLogado: 'authenticated',
    currentUserOnboardingIsSeen: 'authenticated',
    usuarios: LIST,
    usuario: MAINTAIN,
    usuarioDominioQuery: MAINTAIN,
    cargos: MAINTAIN,
    podeAdicionarCargo: MAINTAIN,
    infoUsuario: MAINTAIN,
    usuarioByCpf: MAINTAIN,
    usuarioByEmail: MAINTAIN,
    desligamentos: MAINTAIN,
    departamentosCargosUsuarios: MAINTAIN,
    usuariosPortalProperties: MAINTAIN,
    produtosByDealersAndTipoUsuario: MAINTAIN,
    usuariosByTipoUsuario: MAINTAIN,
  },
  Mutation: {
    mudarLinguaUsuario: 'authenticated',
    setCurrentUserOnboardingSeen: 'authenticated',
    alterarSenha: 'authenticated',
    salvarUsuario: MAINTAIN,
    ativarUsuario: MAINTAIN,
    inativarUsuario: MAINTAIN,
    alterarAtivacaoEspecial: { keys: ['LIBERAR_ATIVACAO_ESPECIAL'] },
    sincronizarUsuarios: SUPER_ADMIN,
    sincronizarIdentityProvider: SUPER_ADMIN,
  },
};

/** The clone dialog lists at most this many users. */
const USERS_BY_TYPE_MAX = 200;

const scopeOf = (ctx: GraphQLContext) => adminScope(ctx.services.db, requireUser(ctx));

/** A user the administrator sees; NOT_FOUND otherwise. */
async function requireVisible(ctx: GraphQLContext, id: string) {
  const access = await userAccess(ctx.services.db, await scopeOf(ctx), id);
  if (!access) throw notFound();
  return access;
}

/**
 * usuarioByCpf / usuarioByEmail (docs/domains/users.md#uniqueness-lookups): a user in scope in full; a user out of
 * scope as a bare record (id, type, the value looked up, nothing else, editavel false): enough for the form to say
 * "taken", no name, links or permissions.
 */
async function lookUp(ctx: GraphQLContext, by: { email: string } | { cpf: string }) {
  const scope = await scopeOf(ctx);
  const found = await findUserBy(ctx.services.db, scope, by);
  if (!found) return null;
  if (found.visible) return usuarioById(ctx, scope, found.id);
  const locale = ctx.locale;
  return {
    id: found.id,
    nome: '',
    email: 'email' in by ? by.email : '',
    keycloakId: null,
    active: false,
    especial: false,
    ativacaoEspecial: false,
    cpf: 'cpf' in by ? by.cpf : null,
    telefones: [],
    celulares: [],
    codigos: [],
    tipo: { id: found.tipo, description: t(locale, `userType.${found.tipo}`) },
    idioma: { id: 'PT_BR' as const, description: t(locale, 'idioma.PT_BR') },
    marcas: [],
    grupos: [],
    dealers: [],
    tiposAcesso: [],
    funcionalidades: [],
    dadosComplementares: [],
    gruposUsuarios: [],
    ultimoAcesso: null,
    createdDateTime: new Date(0).toISOString(),
    editavel: false,
  };
}

/**
 * Maps the signed-in user to the UsuarioLogado type (docs/domains/users.md#the-signed-in-user), labels in the user's
 * language, without a query of its own: the user's load brought their keys, active groups and active brands; the
 * names come from the owners' catalogues in memory. The complementary data are read by their field's resolver.
 */
async function usuarioLogado(ctx: GraphQLContext): Promise<LoggedUserModel> {
  const me = requireUser(ctx);
  const { cache, db } = ctx.services;
  const [features, marcas, gruposUsuarios] = await Promise.all([
    cachedFeaturesByKey(cache, db),
    brandsByIds(cache, db, me.marcaIds ?? []),
    userGroupsByIds(cache, db, me.grupoUsuariosIds ?? []),
  ]);
  const locale = ctx.locale;
  return {
    id: me.id,
    nome: me.nome,
    email: me.email,
    avatarLink: me.avatarLink,
    marcas,
    tipo: { id: me.tipo, description: t(locale, `userType.${me.tipo satisfies UserType}`) },
    idioma: { id: me.idioma, description: t(locale, `idioma.${me.idioma satisfies Idioma}`) },
    // The keys come sorted; a key whose feature was deleted since is left out.
    funcionalidades: me.chaves.flatMap((key) => features.get(key) ?? []),
    gruposUsuarios,
    senhaGerenciadaPeloPortal: me.temSenha && !ctx.services.config.externalOidc,
  };
}

export const resolvers: Resolvers = {
  Query: {
    usuarios: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const scope = await scopeOf(ctx);
      const { ids, totalElements } = await pageUserIds(
        ctx.services.db,
        scope,
        { ...args, ...page },
        ctx.services.clock.now(),
      );
      return { content: await toUsuarios(ctx, await usersByIdsInScope(ctx.services.db, scope, ids)), totalElements };
    },
    usuario: async (_, { id }, ctx) => {
      const found = await usuarioById(ctx, await scopeOf(ctx), id);
      if (!found) throw notFound();
      return found;
    },
    usuarioDominioQuery: async (_, __, ctx) => {
      const { db } = ctx.services;
      const scope = await scopeOf(ctx);
      const [catalogue, grupos, dealers, marcas] = await Promise.all([
        productCatalogue(db),
        listActiveDealerGroups(db),
        dealerChoices(db, scope),
        brandOptions(db),
      ]);
      const locale = ctx.locale;
      return {
        produtos: catalogue.produtos,
        idiomas: IDIOMAS.map((id) => ({ id, description: t(locale, `idioma.${id}`) })),
        grupos: scope.tipo === 'DEALER_GRUPO' ? grupos.filter((g) => scope.grupoIds.includes(g.id)) : grupos,
        dealers,
        funcionalidades: catalogue.funcionalidades,
        marcas: marcas.filter((m) => m.active).map((m) => ({ id: m.id, description: m.descricao, facebookId: null })),
        tiposUsuario: assignableTypes(scope).map((id) => ({ id, description: t(locale, `userType.${id}`) })),
      };
    },
    cargos: async (_, { usuarioId, cargosPrincipais }, ctx) => {
      const { db } = ctx.services;
      if (usuarioId) {
        await requireVisible(ctx, usuarioId);
        return positionsOf(db, usuarioId);
      }
      if (!cargosPrincipais) return [];
      return (await positionCatalogue(db)).map((c) => ({
        id: c.id,
        nome: c.nome,
        dealer: null,
        departamento: null,
        dataInicio: null,
      }));
    },
    podeAdicionarCargo: async (_, args, ctx) => {
      const { db } = ctx.services;
      if (!isUuid(args.cargoId)) return false;
      if (args.usuarioId) await requireVisible(ctx, args.usuarioId);
      return canAddPosition(db, await scopeOf(ctx), await userFormRules(db), args);
    },
    infoUsuario: async (_, { usuarioId }, ctx) => {
      await requireVisible(ctx, usuarioId);
      return managementDataOf(ctx.services.db, usuarioId);
    },
    usuarioByCpf: (_, { cpf }, ctx) => {
      const digits = parseInput(cpfField, cpf, 'cpf');
      return digits ? lookUp(ctx, { cpf: digits }) : null;
    },
    usuarioByEmail: (_, { email }, ctx) => lookUp(ctx, { email: parseInput(emailField, email, 'email') }),
    desligamentos: (_, __, ctx) => dismissalReasons(ctx.services.db),
    departamentosCargosUsuarios: (_, __, ctx) => listDepartments(ctx.services.db),
    usuariosPortalProperties: async (_, __, ctx) => {
      const row = await cachedPortalProperties(ctx.services.cache, ctx.services.db);
      if (!row) throw notFound();
      return presentPortalProperties(row);
    },
    produtosByDealersAndTipoUsuario: async (_, { idsDealer, tipoUsuario }, ctx) => {
      const { db } = ctx.services;
      const [catalogue, grants] = await Promise.all([productCatalogue(db), grantsOf(db, requireUser(ctx))]);
      let produtos = catalogue.produtos;
      if (tipoUsuario === 'DEALER_GRUPO') {
        // A dealer-group administrator asks only about the dealers of their scope.
        const scope = await scopeOf(ctx);
        const dealers = (idsDealer ?? []).filter((d) => scope.tipo !== 'DEALER_GRUPO' || scope.dealerIds.includes(d));
        const used = new Set(
          ((await db.execute(productsOfDealersSql(dealers))).rows as { produto_id: string }[]).map((r) => r.produto_id),
        );
        // The Portal itself is every user's product, whatever the dealers use.
        produtos = produtos.filter((p) => used.has(p.id) || p.chave === PORTAL_PRODUCT_KEY);
      }
      return produtos.map((p) => {
        const tiposAcesso = catalogue.tipos.filter((a) => a.produtoId === p.id);
        const funcionalidades = catalogue.funcionalidades.filter((f) => f.produtoId === p.id);
        return {
          id: p.id,
          nome: p.nome,
          tiposAcesso,
          funcionalidades,
          idsTiposAcessoConcediveis: tiposAcesso
            .filter((a) => !grants || grants.tiposAcesso.has(a.id))
            .map((a) => a.id),
          idsFuncionalidadesConcediveis: funcionalidades
            .filter((f) => !grants || grants.funcionalidades.has(f.id))
            .map((f) => f.id),
        };
      });
    },
    usuariosByTipoUsuario: async (_, args, ctx) => {
      const tipo = args.tipo ?? args.tipoUsuario;
      if (!tipo) throw badInput({ tipo: 'validation.required' });
      const scope = await scopeOf(ctx);
      const { db } = ctx.services;
      const ids = await userIdsByType(
        db,
        scope,
        { tipo, dealerIds: args.dealerIds ?? [], busca: args.busca },
        USERS_BY_TYPE_MAX,
      );
      return toUsuarios(ctx, await usersByIdsInScope(db, scope, ids));
    },
    usuarioLogado: (_: unknown, __: unknown, ctx: GraphQLContext) => usuarioLogado(ctx),
    currentUserOnboardingIsSeen: (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const { id } = parseInput(onboardingSeenSchema, args);
      return (
        preloaded<boolean>(ctx, 'currentUserOnboardingIsSeen', args) ??
        isOnboardingSeen(ctx.services.db, requireUser(ctx).id, id)
      );
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
    salvarUsuario: async (_, args, ctx) => {
      const saved = await salvarUsuario(actionContext(ctx), args);
      return usuarioOrNotFound(ctx, saved.id);
    },
    ativarUsuario: async (_, { id }, ctx) =>
      usuarioOrNotFound(ctx, await alterarAtivacaoUsuario(actionContext(ctx), { id, active: true })),
    inativarUsuario: async (_, { id }, ctx) =>
      usuarioOrNotFound(ctx, await alterarAtivacaoUsuario(actionContext(ctx), { id, active: false })),
    alterarAtivacaoEspecial: async (_, { id, ativacaoEspecial }, ctx) =>
      usuarioOrNotFound(ctx, await alterarAtivacaoEspecial(actionContext(ctx), { id, ativacaoEspecial })),
    sincronizarUsuarios: async (_, __, ctx) => syncResult(await removeOrphanedPositions(actionContext(ctx))),
    sincronizarIdentityProvider: async (_, { emailUsuario }, ctx) =>
      syncResult(await syncIdentityProvider(actionContext(ctx), { emailUsuario })),
    alterarSenha: async (
      _: unknown,
      args: { senhaAtual: string; novaSenha: string; confirmacao: string },
      ctx: GraphQLContext,
    ) => {
      await alterarSenha(actionContext(ctx), args);
      return true;
    },
  },
  UsuarioLogado: {
    // Each complementary datum (a product's link) with the user's features of its product.
    dadosComplementares: async (user, _, ctx) =>
      (await loadLoggedUserComplementaryData(ctx.services.database, user.id)).map((d) => ({
        ...d,
        funcionalidades: user.funcionalidades.filter((f) => d.produtoId && f.produtoId === d.produtoId),
      })),
  },
};

/** The user after a write, as the administrator sees them. */
async function usuarioOrNotFound(ctx: GraphQLContext, id: string) {
  const found = await usuarioById(ctx, await scopeOf(ctx), id);
  if (!found) throw notFound();
  return found;
}

function localeOf(idioma: Idioma) {
  return idioma === 'ES' ? 'es' : idioma === 'EN' ? 'en' : 'pt-BR';
}
