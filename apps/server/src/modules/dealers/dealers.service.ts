import { type DealerInput, dealerSchema } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import { badInput } from '../../platform/errors.js';
import { textArray } from '../../platform/sql.js';
import { recordAudit, recordAuditForEach } from '../audit/audit.service.js';
import { existingDealerGroupIds } from '../groups/groups.queries.js';
import { existingBrandIds } from './dealers.queries.js';
import { dealer, dealerMarca } from './dealers.tables.js';

const MAINTAIN = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] } as const;

/**
 * Creates a dealer (`PORTAL_MANUTENCAO_DEALERS_GRUPO`, or the system; docs/domains/organisation.md): its CNPJs (main and
 * additional) and codes (main and additional) must belong to no other dealer, in either role; its
 * dealer group and brands must exist. Each failure is BAD_USER_INPUT on its field. Audited; returns
 * the id.
 */
export async function createDealer(ctx: ActionContext, input: DealerInput): Promise<{ id: string }> {
  const data = parseInput(dealerSchema, input);
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const cnpjs = [data.cnpj, ...data.cnpjsAdicionais];
    const codes = [data.codigoPrincipal, ...data.codigosAdicionais];
    const others = await tx
      .select({
        cnpjs: sql<string[]>`${dealer.cnpj} || ${dealer.cnpjsAdicionais}`,
        codes: sql<string[]>`${dealer.codigoPrincipal} || ${dealer.codigosAdicionais}`,
      })
      .from(dealer)
      .where(
        sql`(${dealer.cnpj} = ANY(${textArray(cnpjs)}) OR ${dealer.cnpjsAdicionais} && ${textArray(cnpjs)}
          OR ${dealer.codigoPrincipal} = ANY(${textArray(codes)}) OR ${dealer.codigosAdicionais} && ${textArray(codes)})`,
      );
    const takenCnpjs = new Set(others.flatMap((o) => o.cnpjs));
    const takenCodes = new Set(others.flatMap((o) => o.codes));
    const fields: Record<string, string> = {};
    if (takenCnpjs.has(data.cnpj)) fields.cnpj = 'organisation.cnpjTaken';
    data.cnpjsAdicionais.forEach((c, i) => {
      if (takenCnpjs.has(c)) fields[`cnpjsAdicionais.${i}`] = 'organisation.cnpjTaken';
    });
    if (takenCodes.has(data.codigoPrincipal)) fields.codigoPrincipal = 'organisation.codeTaken';
    data.codigosAdicionais.forEach((c, i) => {
      if (takenCodes.has(c)) fields[`codigosAdicionais.${i}`] = 'organisation.codeTaken';
    });
    if (!(await existingDealerGroupIds(tx, [data.grupoId])).length) fields.grupoId = 'validation.invalid';
    if ((await existingBrandIds(tx, data.marcaIds)).length !== data.marcaIds.length)
      fields.marcaIds = 'validation.invalid';
    if (Object.keys(fields).length) throw badInput(fields, Object.values(fields)[0]);

    const { marcaIds, ...row } = data;
    const [created] = await tx
      .insert(dealer)
      .values({ ...row, contatos: row.contatos.map((c) => ({ ...c })) })
      .returning({ id: dealer.id });
    if (marcaIds.length)
      await tx.insert(dealerMarca).values(marcaIds.map((marcaId) => ({ dealerId: created.id, marcaId })));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'dealer',
      entityId: created.id,
      action: 'criar',
      after: data,
    });
    return { id: created.id };
  });
}

/**
 * Inactivates the active dealers of a dealer group: the dealers' part of the group inactivation
 * cascade (docs/domains/organisation.md), called by the groups module inside its transaction. Each dealer gets an audit
 * row; returns their ids (the users' part follows them).
 */
export async function inactivateDealersOfGroup(ctx: ActionContext, input: { grupoId: string }): Promise<string[]> {
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const dealers = await tx
      .update(dealer)
      .set({ active: false })
      .where(and(eq(dealer.grupoId, input.grupoId), eq(dealer.active, true)))
      .returning({ id: dealer.id });
    const ids = dealers.map((d) => d.id);
    await recordAuditForEach(
      tx,
      { actorId: actorId(ctx), entity: 'dealer', action: 'inativar', after: { active: false } },
      ids,
    );
    return ids;
  });
}
