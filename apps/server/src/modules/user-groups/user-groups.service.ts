import { type UserGroupInput, userGroupSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import { badInput } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { grupoUsuarios } from './user-groups.tables.js';

/**
 * Creates a user group (`PORTAL_MANUTENCAO_GRUPOS_USUARIOS`, or the system); a public one also needs
 * `PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS`. The name is unique accent- and case-insensitively: a
 * taken one is BAD_USER_INPUT on `nome`. Audited; returns the id.
 */
export async function createUserGroup(ctx: ActionContext, input: UserGroupInput): Promise<{ id: string }> {
  const data = parseInput(userGroupSchema, input);
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] });
  if (data.publico) requireAllowed(ctx, { keys: ['PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'] });
  return inTransaction(ctx, async (tx) => {
    const [taken] = await tx
      .select({ id: grupoUsuarios.id })
      .from(grupoUsuarios)
      .where(sql`immutable_unaccent(lower(${grupoUsuarios.nome})) = immutable_unaccent(lower(${data.nome}))`);
    if (taken) throw badInput({ nome: 'organisation.nameTaken' }, 'organisation.nameTaken');
    const [row] = await tx.insert(grupoUsuarios).values(data).returning({ id: grupoUsuarios.id });
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo_usuarios',
      entityId: row.id,
      action: 'criar',
      after: data,
    });
    return { id: row.id };
  });
}
