import type { AuditAction, AuditEntity } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { textArray } from '../../platform/sql.js';
import { auditoria } from './audit.tables.js';

/** Entities and actions the audit log knows: typed events, listed in @portal/domain (docs/domains/audit.md#entities-and-actions). */
export type { AuditAction, AuditEntity } from '@portal/domain';

export type AuditEvent = {
  /** The signed-in user who acted; null for the system (jobs, seed). */
  actorId: string | null;
  entity: AuditEntity;
  entityId: string;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit row. Call it with the transaction of the change so both commit or neither does.
 * Secrets (password hashes, tokens) must be stripped by the caller; `redact` helps.
 */
export async function recordAudit(tx: DbOrTx, event: AuditEvent): Promise<void> {
  await tx.insert(auditoria).values({
    usuarioId: event.actorId,
    entidade: event.entity,
    entidadeId: event.entityId,
    acao: event.action,
    antes: event.before === undefined ? null : redact(event.before),
    depois: event.after === undefined ? null : redact(event.after),
  });
}

/**
 * Writes one audit row per id of `entityIds`, the same change to each (a cascade: a dealer group's
 * dealers and users inactivated), as one statement whatever the count. As `recordAudit`: in the
 * change's transaction.
 */
export async function recordAuditForEach(
  tx: DbOrTx,
  event: Omit<AuditEvent, 'entityId'>,
  entityIds: readonly string[],
): Promise<void> {
  if (!entityIds.length) return;
  const antes = event.before === undefined ? null : JSON.stringify(redact(event.before));
  const depois = event.after === undefined ? null : JSON.stringify(redact(event.after));
  await tx.execute(sql`INSERT INTO auditoria (usuario_id, entidade, entidade_id, acao, antes, depois)
    SELECT ${event.actorId}::uuid, ${event.entity}, id, ${event.action}, ${antes}::jsonb, ${depois}::jsonb
      FROM unnest(${textArray(entityIds)}) AS id`);
}

/**
 * Writes one audit row per event, each its own change (a batch: a chunk of a bulk user import), as one statement
 * whatever the count. As `recordAudit`: in the change's transaction.
 */
export async function recordAudits(tx: DbOrTx, events: readonly AuditEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => ({
    usuario_id: e.actorId,
    entidade: e.entity,
    entidade_id: e.entityId,
    acao: e.action,
    antes: e.before ?? null,
    depois: e.after ?? null,
  }));
  // One pass that also drops the secret fields (as `redact`), at any depth. Sent as json, not jsonb: PostgreSQL then
  // parses each row's snapshot once, into its column, instead of the whole document into jsonb first (a quarter
  // less time for a bulk import's 1,000 rows; docs/benchmarks.md#user-import).
  const json = JSON.stringify(rows, (key, value) => (SECRET_KEYS.has(key) ? undefined : value));
  await tx.execute(sql`INSERT INTO auditoria (usuario_id, entidade, entidade_id, acao, antes, depois)
    SELECT usuario_id, entidade, entidade_id, acao, antes, depois
      FROM json_to_recordset(${json}::json)
        AS r(usuario_id uuid, entidade text, entidade_id text, acao text, antes jsonb, depois jsonb)`);
}

const SECRET_KEYS = new Set(['senhaHash', 'accessToken', 'refreshToken', 'idToken', 'password', 'senha']);

/** Copies a value without secret fields, so they never reach the audit log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.has(k))
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}
