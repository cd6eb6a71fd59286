import type { UserType } from '@portal/domain';
import type { DbOrTx } from '../../platform/db.js';
import { portalProperties } from './portal.tables.js';

export type PortalPropertiesRow = typeof portalProperties.$inferSelect;

/** Reads the single portal-properties row; null before the first seed/configuration. */
export async function loadPortalProperties(db: DbOrTx): Promise<PortalPropertiesRow | null> {
  const [row] = await db.select().from(portalProperties).limit(1);
  return row ?? null;
}

/** Maps the row to the SPEC §3 shape (lists of types as {id}). */
export function presentPortalProperties(row: PortalPropertiesRow) {
  const { id: _id, linkHelpTec: _h, linkAcademia: _a, brandImageUrl: _b, ...rest } = row;
  const ids = (list: string[]) => list.map((id) => ({ id: id as UserType }));
  return {
    ...rest,
    tiposUsuarioDocumentoObrigatorio: ids(row.tiposUsuarioDocumentoObrigatorio),
    tiposUsuarioInformarCargo: ids(row.tiposUsuarioInformarCargo),
    tiposUsuarioInformarGestao: ids(row.tiposUsuarioInformarGestao),
  };
}
