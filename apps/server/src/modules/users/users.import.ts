// TEMPORARY STUB of Contract B (replaced by branch i15-users-batch at merge).
import type { Idioma, UserType } from '@portal/domain';
import type { ActionContext } from '../../platform/actions.js';

export type ImportedUser = {
  rowNumber: number;
  email: string;
  nome?: string;
  cpf?: string;
  tipo?: UserType;
  idioma?: Idioma;
  marcas?: string[];
  idsDealers?: string[];
  idsGrupos?: string[];
  idsGruposUsuarios?: string[];
  idsTiposAcesso?: string[];
  cargos?: { cargoId: string; departamentoId: string | null; dataInicio: string; dealerId: string | null }[];
  infos?: { dataAdmissao?: string | null; emailSuperior?: string | null };
};
export type ImportRowError = { field: string; message: string; params?: Record<string, string | number> };
export type ImportedUserOutcome =
  | { rowNumber: number; outcome: 'created' | 'updated' | 'unchanged'; userId: string }
  | { rowNumber: number; outcome: 'rejected'; errors: ImportRowError[] };
export async function importUsers(
  _ctx: ActionContext,
  rows: ImportedUser[],
  _opts: { dryRun: boolean; importId: string },
): Promise<ImportedUserOutcome[]> {
  return rows.map((r) => ({ rowNumber: r.rowNumber, outcome: 'rejected', errors: [] }));
}
export async function inviteUsers(_ctx: ActionContext, _userIds: string[]): Promise<void> {}
