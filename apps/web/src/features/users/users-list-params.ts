import { USER_TYPES } from '@portal/domain';
import type { TipoUsuarioId } from '../../generated/graphql';
import { activeOf, exportHref, ordenacaoOf } from '../../ui/list/list-filters';
import type { ListQuery } from '../../ui/list/use-list-params';

/** Columns the `usuarios` query sorts by (its `ordenacao`, users.graphql). */
export const USER_SORT_FIELDS = ['nome', 'email', 'tipo', 'ultimoAcesso', 'createdDateTime'] as const;

/**
 * Filters kept in the URL: ?tipo=MONTADORA&dealer=<id>&grupo=<id>&marca=<id>&grupoUsuarios=<id>&status=ATIVO
 * &especial=SIM|NAO&semAcesso=30|60|90.
 */
export const USER_FILTERS = [
  'tipo',
  'dealer',
  'grupo',
  'marca',
  'grupoUsuarios',
  'status',
  'especial',
  'semAcesso',
] as const;

/** The "no access for at least N days" choices of the last-access filter (`ultimoAcessoDias`). */
export const NO_ACCESS_DAYS = [30, 60, 90] as const;

const tipoOf = (value: string | undefined): TipoUsuarioId | null =>
  USER_TYPES.includes(value as TipoUsuarioId) ? (value as TipoUsuarioId) : null;

const especialOf = (value: string | undefined): boolean | null =>
  value === 'SIM' ? true : value === 'NAO' ? false : null;

const daysOf = (value: string | undefined): number | null =>
  NO_ACCESS_DAYS.find((days) => String(days) === value) ?? null;

/** The list's URL state as the `usuarios` query's variables (and, without paging, the export's parameters). */
export function usersListVariables(query: ListQuery) {
  const f = query.filters;
  return {
    busca: query.busca || null,
    tipo: tipoOf(f.tipo),
    dealerId: f.dealer || null,
    grupoId: f.grupo || null,
    marcaId: f.marca || null,
    grupoUsuariosId: f.grupoUsuarios || null,
    active: activeOf(f.status),
    ativacaoEspecial: especialOf(f.especial),
    ultimoAcessoDias: daysOf(f.semAcesso),
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The `.xlsx` export of what the list shows: the same search, filters and order, every page. */
export function usersExportUrl(query: ListQuery): string {
  const { page: _p, rowsPerPage: _r, ...filter } = usersListVariables(query);
  return exportHref('/api/usuarios.xlsx', filter);
}
