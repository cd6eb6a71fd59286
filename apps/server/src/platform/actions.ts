import { type Guard, isAllowed } from '@portal/domain';
import type { ZodType } from 'zod';
import type { DbOrTx, Tx } from './db.js';
import { badInput, forbidden, unauthenticated } from './errors.js';
import type { CurrentUser, GraphQLContext } from './graphql/context.js';
import type { Services } from './services.js';

/**
 * Who acts: the signed-in user, or the system (jobs, the demo seed, migrations) when null.
 * Audit rows take `actor?.id ?? null`.
 */
export type Actor = CurrentUser | null;

/**
 * What every write action receives (decision 0013): the platform services, the database or the
 * caller's transaction in `db`, and the actor. An action has the shape
 * `action(ctx: ActionContext, input: TypedInput)`: it validates `input` with the domain schema
 * (`parseInput`), authorizes on its first lines, makes its change and its audit row in one
 * transaction (`inTransaction`), and returns what the caller shows.
 */
export type ActionContext = Omit<Services, 'db'> & { db: DbOrTx; actor: Actor; clientIp?: string };

/** The action context of a GraphQL request (the signed-in user acts). */
export function actionContext(ctx: GraphQLContext): ActionContext {
  return { ...ctx.services, actor: ctx.user, clientIp: ctx.request.ip };
}

/** The action context of the system (jobs, seed): no user acts. */
export function systemContext(services: Services | ActionContext): ActionContext {
  return { ...services, actor: null };
}

/** The signed-in actor's id, or null for the system (the audit row's `usuario_id`). */
export const actorId = (ctx: ActionContext): string | null => ctx.actor?.id ?? null;

/**
 * Authorizes a write by the guard rule (`isAllowed`, docs/domains/permissions.md): the system (no actor: jobs, seed) may;
 * a user only when their keys and type pass `guard`. FORBIDDEN otherwise.
 */
export function requireAllowed(ctx: ActionContext, guard: Guard): void {
  if (ctx.actor && !isAllowed(ctx.actor, guard)) throw forbidden();
}

/** The signed-in user an action is about (their own language, tours, password); UNAUTHENTICATED for the system. */
export function requireActor(ctx: ActionContext): CurrentUser {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}

/**
 * Runs `change` in one transaction: a new one, or a savepoint of the caller's when `ctx.db` is
 * already a transaction (an action called by another action). `change` gets the context bound to
 * the transaction so the actions it calls share it.
 */
export function inTransaction<T>(ctx: ActionContext, change: (tx: Tx, txCtx: ActionContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => change(tx, { ...ctx, db: tx }));
}

/**
 * Parses `input` with a domain schema (the same one the web's form uses). Failures are one
 * BAD_USER_INPUT whose fields map each issue's path (`a.b.0`) to its message, an i18n key; the first
 * issue's message is the summary. Issues without a path land on `rootField`.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown, rootField = 'input'): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw zodToBadInput(parsed.error.issues, rootField);
}

/** Zod issues as one per-field BAD_USER_INPUT (see `parseInput`). */
export function zodToBadInput(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rootField = 'input',
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || rootField] ??= issue.message;
  return badInput(fields, issues[0]?.message);
}

export type Page = { page: number; rowsPerPage: number };

/**
 * A page request, checked once for every list: `page` is an integer ≥ 0 (default 0); `rowsPerPage`
 * is one of `sizes` (default its first), or, when `sizes` is a number, an integer from 1 to it.
 * Anything else is BAD_USER_INPUT on that argument. `offset` is what SQL needs.
 */
export function pageArgs(
  args: { page?: number | null; rowsPerPage?: number | null },
  sizes: readonly number[] | { max: number; default: number },
): Page & { offset: number } {
  const page = args.page ?? 0;
  if (!Number.isInteger(page) || page < 0) throw badInput({ page: 'validation.invalid' });
  const list = Array.isArray(sizes) ? (sizes as readonly number[]) : null;
  const range = list ? null : (sizes as { max: number; default: number });
  const rowsPerPage = args.rowsPerPage ?? (list ? list[0] : range?.default) ?? 10;
  const ok = list
    ? list.includes(rowsPerPage)
    : Number.isInteger(rowsPerPage) && rowsPerPage >= 1 && rowsPerPage <= (range as { max: number }).max;
  if (!ok) throw badInput({ rowsPerPage: 'validation.invalid' });
  return { page, rowsPerPage, offset: page * rowsPerPage };
}

/** A bounded count argument (`limite` of recent lists): an integer from 1 to `max`, else BAD_USER_INPUT. */
export function limitArg(
  value: number | null | undefined,
  field: string,
  bounds: { max: number; default: number },
): number {
  const limit = limitInRange(value ?? bounds.default, bounds);
  if (limit === null) throw badInput({ [field]: 'validation.invalid' });
  return limit;
}

/** `value` when it is a whole number from 1 to `bounds.max`, else null (a session read's check of a limit argument). */
export function limitInRange(value: unknown, bounds: { max: number }): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= bounds.max ? value : null;
}
