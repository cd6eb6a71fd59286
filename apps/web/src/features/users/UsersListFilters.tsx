import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import { USER_TYPES } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FilterSelect, StatusFilter } from '../../ui/list/list-filters';
import type { ListParams } from '../../ui/list/use-list-params';
import { UsersListDominioDocument, UsersListGruposUsuariosDocument } from './users-list.generated';
import { NO_ACCESS_DAYS } from './users-list-params';

/**
 * The users list's filters, each bound to its URL parameter. The choices of type, dealer, dealer group
 * and brand are the administrator's scope (`usuarioDominioQuery`, PORTAL_MANUTENCAO_USUARIOS); a
 * read-only viewer, who may not read it, filters by type (all of them), user group, state, special
 * activation and last access.
 */
export function UsersListFilters({ list, canManage }: { list: ListParams; canManage: boolean }) {
  const { t } = useTranslation();
  const dominio = useQuery(UsersListDominioDocument, { skip: !canManage }).data?.usuarioDominioQuery;
  const userGroups = useQuery(UsersListGruposUsuariosDocument).data?.gruposUsuariosAtivos ?? [];
  const { filters } = list.query;
  const bind = (name: string) => ({
    name,
    value: filters[name] ?? '',
    onChange: (v: string) => list.setFilter(name, v || null),
  });
  const types =
    dominio?.tiposUsuario.map((tipo) => ({ value: tipo.id, label: tipo.description })) ??
    USER_TYPES.map((tipo) => ({ value: tipo, label: t(`userType.${tipo}`) }));

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        flexWrap: 'wrap',
        gap: 1.5,
        flex: { sm: '1 1 auto' },
        minWidth: 0,
      }}
    >
      <FilterSelect {...bind('tipo')} label={t('usersList.field.tipo')} options={types} />
      {dominio && (
        <>
          <FilterSelect
            {...bind('dealer')}
            label={t('usersList.field.dealer')}
            options={dominio.dealers.map((d) => ({ value: d.id, label: d.nomeExibicao }))}
          />
          <FilterSelect
            {...bind('grupo')}
            label={t('usersList.field.grupo')}
            options={dominio.grupos.map((g) => ({ value: g.id, label: g.nome }))}
          />
          {dominio.marcas.length > 1 && (
            <FilterSelect
              {...bind('marca')}
              label={t('usersList.field.marca')}
              options={dominio.marcas.map((m) => ({ value: m.id, label: m.description }))}
            />
          )}
        </>
      )}
      <FilterSelect
        {...bind('grupoUsuarios')}
        label={t('usersList.field.grupoUsuarios')}
        options={userGroups.map((g) => ({ value: g.id, label: g.nome }))}
      />
      <StatusFilter
        label={t('usersList.field.status')}
        value={filters.status}
        onChange={(v) => list.setFilter('status', v)}
      />
      <FilterSelect
        {...bind('especial')}
        label={t('usersList.field.ativacaoEspecial')}
        options={[
          { value: 'SIM', label: t('usersList.especial.with') },
          { value: 'NAO', label: t('usersList.especial.without') },
        ]}
      />
      <FilterSelect
        {...bind('semAcesso')}
        label={t('usersList.field.ultimoAcesso')}
        options={NO_ACCESS_DAYS.map((days) => ({ value: String(days), label: t('usersList.noAccessFor', { days }) }))}
      />
    </Box>
  );
}
