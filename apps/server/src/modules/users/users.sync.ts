import { syncIdentityProviderSchema } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type ActionContext,
  actorId,
  inTransaction,
  parseInput,
  requireAllowed,
  systemContext,
} from '../../platform/actions.js';
import { endProviderAccount } from '../../platform/auth/adapter.js';
import { deleteUserSessions } from '../../platform/auth/session.js';
import { publishSessionEnded } from '../../platform/auth/session-events.js';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { uuidArray } from '../../platform/sql.js';
import { everAuditedSql } from '../audit/audit.queries.js';
import { recordAudits } from '../audit/audit.service.js';
import { dealerSummarySql } from '../dealers/dealers.queries.js';
import { dealerGroupStatusSql } from '../groups/groups.queries.js';
import { removePushSubscriptionsOfUsers } from '../notifications/notifications.push.service.js';
import { inviteUser } from './users.invitation.js';

/**
 * The users' parts of the superAdmin synchronisations (docs/domains/superadmin.md#synchronisation): each
 * repairs, in one transaction, what the portal's own actions keep true but a load by SQL, an old import
 * or an interrupted run may have left wrong, and answers how many rows of each kind it changed. Every
 * changed user gets an audit row `sincronizar` with before and after, and a new `versao` (their rights or
 * visibility changed). Two synchronisations never run at once, on any instance (`lockSynchronisation`).
 */

const SUPER_ADMIN = { types: ['TECSINAPSE'] } as const;

/** One kind of change a synchronisation made, and how many rows (the screen translates `tipo`). */
export type SyncChange = { tipo: string; quantidade: number };

/** A synchronisation's answer (`ResultadoSincronizacao`): what changed, kind by kind, and the total. */
export const syncResult = (itens: SyncChange[]) => ({
  alteracoes: itens.reduce((sum, i) => sum + i.quantidade, 0),
  itens,
});

/** Serialises the synchronisations across instances: the second waits for the first's commit. */
export async function lockSynchronisation(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('portal.superadmin.sync'))`);
}

const rowsOf = async <T>(db: DbOrTx, query: SQL) => (await db.execute(query)).rows as T[];

/** Rows grouped by their user (one audit row per user changed). */
function byUser<T extends { usuario_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.usuario_id, [...(groups.get(row.usuario_id) ?? []), row]);
  return groups;
}

/** Moves the `versao` of the users changed (their sessions reload rights on the next request). */
async function touch(tx: DbOrTx, ids: readonly string[]) {
  if (ids.length) await tx.execute(sql`UPDATE usuario SET versao = now() WHERE id = ANY(${uuidArray(ids)})`);
}

/**
 * The users' part of `sincronizarGrupos`: the dealer-group inactivation cascade, re-applied only where it
 * cannot undo a decision. An active user is inactivated when they are linked to dealer groups (directly
 * or through dealers) and none of those groups is active, and nobody ever activated them by hand (no
 * `ativar` in their history: decision 0014 lets an administrator bring back one user of an inactive
 * group, and a synchronisation must not take that back). Users with no group or dealer link (carmaker
 * and provider staff) are never touched.
 */
export async function inactivateUsersOfInactiveGroups(ctx: ActionContext): Promise<SyncChange[]> {
  requireAllowed(ctx, SUPER_ADMIN);
  return inTransaction(ctx, async (tx, txCtx) => {
    const groupsOfUser = sql`SELECT usuario_id, grupo_id FROM usuario_grupo
      UNION SELECT ud.usuario_id, d.grupo_id FROM usuario_dealer ud JOIN (${dealerSummarySql}) d ON d.id = ud.dealer_id`;
    const inactivated = await rowsOf<{ id: string }>(
      tx,
      sql`UPDATE usuario u SET active = false, versao = now()
        WHERE u.active
          AND EXISTS (SELECT 1 FROM (${groupsOfUser}) l WHERE l.usuario_id = u.id)
          AND NOT EXISTS (SELECT 1 FROM (${groupsOfUser}) l JOIN (${dealerGroupStatusSql}) g ON g.id = l.grupo_id
                          WHERE l.usuario_id = u.id AND g.active)
          AND NOT ${everAuditedSql('usuario', 'ativar', sql`u.id::text`)}
        RETURNING u.id`,
    );
    await recordAudits(
      tx,
      inactivated.map((r) => ({
        actorId: actorId(ctx),
        entity: 'usuario' as const,
        entityId: r.id,
        action: 'sincronizar' as const,
        before: { active: true },
        after: { active: false },
      })),
    );
    // Their browsers stop getting pushes (docs/domains/notifications.md#web-push).
    await removePushSubscriptionsOfUsers(txCtx, { usuarioIds: inactivated.map((r) => r.id) });
    return [{ tipo: 'usuariosInativados', quantidade: inactivated.length }];
  });
}

/**
 * `sincronizarUsuarios`: orphaned positions. A position (`usuario_cargo`) held at a dealer the user is no
 * longer linked to is removed (the user form only offers positions at the user's dealers; a dealer
 * unlinked by SQL or an old import left them behind). Positions without a dealer are kept.
 */
export async function removeOrphanedPositions(ctx: ActionContext): Promise<SyncChange[]> {
  requireAllowed(ctx, SUPER_ADMIN);
  return inTransaction(ctx, async (tx) => {
    await lockSynchronisation(tx);
    const removed = await rowsOf<{ usuario_id: string; cargo_id: string; dealer_id: string }>(
      tx,
      sql`DELETE FROM usuario_cargo uc WHERE uc.dealer_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM usuario_dealer ud WHERE ud.usuario_id = uc.usuario_id AND ud.dealer_id = uc.dealer_id)
        RETURNING uc.usuario_id, uc.cargo_id, uc.dealer_id`,
    );
    const users = byUser(removed);
    await touch(tx, [...users.keys()]);
    await recordAudits(
      tx,
      [...users].map(([id, positions]) => ({
        actorId: actorId(ctx),
        entity: 'usuario' as const,
        entityId: id,
        action: 'sincronizar' as const,
        before: { cargos: positions.map((p) => ({ cargoId: p.cargo_id, dealerId: p.dealer_id })) },
        after: { cargos: [] },
      })),
    );
    return [{ tipo: 'cargosRemovidos', quantidade: removed.length }];
  });
}

/**
 * `sincronizarIdentityProvider(emailUsuario)`: makes the user's account at the identity provider match the
 * portal. Unknown e-mail: BAD_USER_INPUT on `emailUsuario`.
 * - An inactive user: every session ends (the portal's and the embedded provider's), announced to the open
 *   live streams.
 * - Embedded provider: the account is the portal's row (active state and language are read from it at each
 *   sign-in); an active user who never set a password gets a new invitation, so the account can be used.
 * - External provider (OIDC_ISSUER): the stored link to the provider's account is dropped, so the next
 *   sign-in there links the account with this e-mail again.
 */
export async function syncIdentityProvider(ctx: ActionContext, input: unknown): Promise<SyncChange[]> {
  const { emailUsuario } = parseInput(syncIdentityProviderSchema, input);
  requireAllowed(ctx, SUPER_ADMIN);
  const result = await inTransaction(ctx, async (tx, txCtx) => {
    const [user] = await rowsOf<{ id: string; active: boolean; has_password: boolean; keycloak_id: string | null }>(
      tx,
      sql`SELECT id, active, senha_hash IS NOT NULL AS has_password, keycloak_id FROM usuario
        WHERE email = ${emailUsuario}::citext FOR UPDATE`,
    );
    if (!user) throw badInput({ emailUsuario: 'superAdmin.sync.userNotFound' }, 'superAdmin.sync.userNotFound');
    const changes: SyncChange[] = [];
    const audit = (before: object, after: object) =>
      recordAudits(tx, [
        { actorId: actorId(ctx), entity: 'usuario', entityId: user.id, action: 'sincronizar', before, after },
      ]);
    if (!user.active) {
      const total = await deleteUserSessions(tx, user.id);
      await endProviderAccount(tx, user.id);
      changes.push({ tipo: 'sessoesEncerradas', quantidade: total });
      if (total) await audit({ sessoes: total }, { sessoes: 0 });
    } else if (ctx.config.externalOidc) {
      if (user.keycloak_id) {
        await tx.execute(sql`UPDATE usuario SET keycloak_id = NULL, versao = now() WHERE id = ${user.id}`);
        await audit({ vinculoProvedor: true }, { vinculoProvedor: false });
      }
      changes.push({ tipo: 'vinculoProvedorDesfeito', quantidade: user.keycloak_id ? 1 : 0 });
    } else {
      // The synchronisation invites, not the administrator's own rights (they may lack the users' keys).
      if (!user.has_password) await inviteUser(systemContext(txCtx), { userId: user.id });
      changes.push({ tipo: 'convitesEnviados', quantidade: user.has_password ? 0 : 1 });
    }
    return { changes, ended: !user.active ? user.id : null };
  });
  if (result.ended) await publishSessionEnded(ctx.events, result.ended);
  return result.changes;
}
