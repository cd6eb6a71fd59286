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
  /** Root fields' values read with the user (PortalModule.sessionReads), by field and arguments (sessionReadKey). */
  preloaded?: ReadonlyMap<string, unknown>;
};

/**
 * The value of root field `field` with the arguments `args` (the resolver's) read with the request's user
 * (PortalModule.sessionReads), or undefined: the resolver then reads it itself.
 */
export function preloaded<T>(
  ctx: GraphQLContext,
  field: string,
  args?: Readonly<Record<string, unknown>>,
): T | undefined {
  return ctx.preloaded?.get(sessionReadKey(field, args ?? {})) as T | undefined;
}

/**
 * How a session read is named: the field, then its arguments' JSON by name when it has any (an argument left out
 * and one given as undefined are the same).
 */
export function sessionReadKey(field: string, args: Readonly<Record<string, unknown>>): string {
  const given = Object.keys(args)
    .filter((name) => args[name] !== undefined)
    .sort();
  return given.length ? `${field}(${JSON.stringify(given.map((name) => [name, args[name]]))})` : field;
}

/** Narrows the context to a signed-in user (guards have already run; this is for types). */
export function requireUser(ctx: GraphQLContext): CurrentUser {
  if (!ctx.user) throw new Error('guard did not run');
  return ctx.user;
}
