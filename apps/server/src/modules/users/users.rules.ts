import type { UserFormRules, UserType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { isUuid, uuidArray } from '../../platform/sql.js';
import { existingDealerIds } from '../dealers/dealers.queries.js';
import { type AdminScope, assignableTypes, positionCatalogue } from './users.list.js';

// The rules of saving a user that need the administrator or the database (docs/domains/users.md#administration):
// the scope rule, the grant rule and the positions check. One place for the wizard's salvarUsuario, podeAdicionarCargo
// and the bulk import (users.import.ts), so the paths cannot drift.

/** What the administrator holds (the grant rule); null for the system, which holds everything. */
export type Grants = { tiposAcesso: Set<string>; funcionalidades: Set<string> } | null;

/** The parts of a user the scope and grant rules look at. `tipo` null: a user being created. */
export type UserRights = {
  tipo: UserType | null;
  idsDealers: readonly string[];
  idsGrupos: readonly string[];
  idsTiposAcesso: readonly string[];
  idsFuncionalidades: readonly string[];
};

/** No rights yet: the `previous` of a new user. */
export const NO_RIGHTS: UserRights = {
  tipo: null,
  idsDealers: [],
  idsGrupos: [],
  idsTiposAcesso: [],
  idsFuncionalidades: [],
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
const changed = (a: readonly string[], b: readonly string[]) => [
  ...a.filter((x) => !b.includes(x)),
  ...b.filter((x) => !a.includes(x)),
];

/**
 * The form fields (`usuario.tipo`, `usuario.idsDealers`, `usuario.idsGrupos`, `usuario.produtos`) that the scope
 * rule and the grant rule refuse when the administrator of `scope` / `grants` saves user `userId` (null: a new
 * user) from `previous` to `next`; [] when allowed. Oneself: type, dealers, dealer groups and permissions stay as
 * they are. Others: a changed type must be assignable; a dealer-group administrator keeps to DEALER_GRUPO users,
 * dealers of their scope and adds only their own dealer groups; each access type or feature added or removed must
 * be held.
 */
export function refusedByScopeAndGrants(
  scope: AdminScope,
  grants: Grants,
  userId: string | null,
  previous: UserRights,
  next: UserRights,
): string[] {
  const refused = new Set<string>();
  if (userId && userId === scope.id) {
    if (next.tipo !== previous.tipo) refused.add('usuario.tipo');
    if (!sameSet(next.idsDealers, previous.idsDealers)) refused.add('usuario.idsDealers');
    if (!sameSet(next.idsGrupos, previous.idsGrupos)) refused.add('usuario.idsGrupos');
    if (
      !sameSet(next.idsTiposAcesso, previous.idsTiposAcesso) ||
      !sameSet(next.idsFuncionalidades, previous.idsFuncionalidades)
    )
      refused.add('usuario.produtos');
    return [...refused];
  }
  if (next.tipo !== previous.tipo && (!next.tipo || !assignableTypes(scope).includes(next.tipo)))
    refused.add('usuario.tipo');
  if (scope.tipo === 'DEALER_GRUPO') {
    if (next.tipo !== 'DEALER_GRUPO') refused.add('usuario.tipo');
    if (next.idsDealers.some((d) => !scope.dealerIds.includes(d))) refused.add('usuario.idsDealers');
    const added = next.idsGrupos.filter((g) => !previous.idsGrupos.includes(g));
    if (added.some((g) => !scope.grupoIds.includes(g))) refused.add('usuario.idsGrupos');
  }
  if (grants) {
    const tipos = changed(next.idsTiposAcesso, previous.idsTiposAcesso);
    const features = changed(next.idsFuncionalidades, previous.idsFuncionalidades);
    if (tipos.some((t) => !grants.tiposAcesso.has(t)) || features.some((f) => !grants.funcionalidades.has(f)))
      refused.add('usuario.produtos');
  }
  return [...refused];
}

/** A position a user is given: who (null: a new user), of which type, which position at which dealer. */
export type PositionClaim = {
  usuarioId: string | null;
  tipoUsuario: UserType;
  cargoId: string;
  dealerId: string | null;
};

/**
 * The positions check (podeAdicionarCargo; docs/domains/users.md#positions) of many claims at once, in a fixed
 * number of statements: for each claim, whether the type carries positions (tiposUsuarioInformarCargo), the
 * position exists, a DEALER_GRUPO position is at an existing dealer (of a dealer-group administrator's scope) and
 * another type's at none, and a position marked unico_por_dealer has no other active holder at that dealer (the
 * claim's own user does not count). Claims are not checked against each other.
 */
export async function positionsAllowed(
  db: DbOrTx,
  scope: AdminScope,
  rules: UserFormRules,
  claims: readonly PositionClaim[],
): Promise<boolean[]> {
  if (!claims.length) return [];
  const catalogue = new Map((await positionCatalogue(db)).map((c) => [c.id, c]));
  const dealerIds = [...new Set(claims.flatMap((c) => (c.dealerId && isUuid(c.dealerId) ? [c.dealerId] : [])))];
  const dealers = new Set(dealerIds.length ? await existingDealerIds(db, dealerIds) : []);
  const unique = claims.filter((c) => c.dealerId && catalogue.get(c.cargoId)?.unico_por_dealer);
  const holders = unique.length
    ? ((
        await db.execute(sql`SELECT uc.cargo_id::text AS cargo, uc.dealer_id::text AS dealer, uc.usuario_id::text AS usuario
          FROM usuario_cargo uc JOIN usuario u ON u.id = uc.usuario_id
          WHERE u.active AND uc.cargo_id = ANY(${uuidArray(unique.map((c) => c.cargoId))})
            AND uc.dealer_id = ANY(${uuidArray(unique.map((c) => c.dealerId as string))})`)
      ).rows as { cargo: string; dealer: string; usuario: string }[])
    : [];
  return claims.map((claim) => {
    if (!rules.tiposUsuarioInformarCargo.includes(claim.tipoUsuario)) return false;
    const cargo = catalogue.get(claim.cargoId);
    if (!cargo) return false;
    const dealerId = claim.dealerId || null;
    if ((claim.tipoUsuario === 'DEALER_GRUPO') !== Boolean(dealerId)) return false;
    if (!dealerId) return true;
    if (!dealers.has(dealerId)) return false;
    if (scope.tipo === 'DEALER_GRUPO' && !scope.dealerIds.includes(dealerId)) return false;
    if (!cargo.unico_por_dealer) return true;
    return !holders.some((h) => h.cargo === cargo.id && h.dealer === dealerId && h.usuario !== claim.usuarioId);
  });
}

/** Whether a held position is kept as it was (same position, dealer and start): kept positions are not re-checked. */
export const samePosition = (
  a: { cargoId: string; dealerId: string | null; dataInicio: string },
  b: { cargoId: string; dealerId?: string | null; dataInicio: string },
) => a.cargoId === b.cargoId && (a.dealerId ?? null) === (b.dealerId ?? null) && a.dataInicio === b.dataInicio;
