import type { Idioma, UserType } from '@portal/domain';
import type { Locale } from '@portal/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';

/**
 * The signed-in user as every resolver sees it, loaded fresh on each request
 * (docs/domains/sign-in-and-sessions.md#sessions).
 */
export type CurrentUser = {
  id: string;
  nome: string;
  email: string;
  tipo: UserType;
  idioma: Idioma;
  avatarLink: string | null;
  /** Whether the user has a password at the embedded provider (change password is offered). */
  temSenha: boolean;
  /** Effective feature keys: direct ones plus the defaults of the user's access types. */
  chaves: string[];
  /** The user's user groups, when the request's user load read them (the users module's `viewerGroupIds`). */
  grupoUsuariosIds?: string[];
  /** The user's active brands, when the request's user load read them (`usuarioLogado.marcas`). */
  marcaIds?: string[];
};

export type GraphQLContext = {
  services: Services;
  user: CurrentUser | null;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Root fields' values read with the user (PortalModule.sessionReads), by field. */
  preloaded?: ReadonlyMap<string, unknown>;
};

/** The value of root field `field` read with the request's user (PortalModule.sessionReads), or undefined. */
export function preloaded<T>(ctx: GraphQLContext, field: string): T | undefined {
  return ctx.preloaded?.get(field) as T | undefined;
}

/** Narrows the context to a signed-in user (guards have already run; this is for types). */
export function requireUser(ctx: GraphQLContext): CurrentUser {
  if (!ctx.user) throw new Error('guard did not run');
  return ctx.user;
}
