import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { USER_TYPES } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, StatusFilter } from '../../ui/list/list-filters';
import type { ListParams } from '../../ui/list/use-list-params';
import { UsersListDominioDocument, UsersListGruposUsuariosDocument } from './users-list.generated';
import { NO_ACCESS_DAYS, USER_FILTERS } from './users-list-params';

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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const bind = (name: string) => ({
    name,
    value: filters[name] ?? '',
    onChange: (v: string) => list.setFilter(name, v || null),
  });
  const types =
    dominio?.tiposUsuario.map((tipo) => ({ value: tipo.id, label: tipo.description })) ??
    USER_TYPES.map((tipo) => ({ value: tipo, label: t(`userType.${tipo}`) }));

  const active = USER_FILTERS.filter((name) => filters[name]).length;
  return (
    <>
      {/* A phone keeps the nine filters folded under one button. */}
      <Button
        variant="outlined"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        {active ? `${t('common.filters')} (${active})` : t('common.filters')}
      </Button>
      <Box
        id={panelId}
        sx={{
          display: { xs: open ? 'flex' : 'none', sm: 'flex' },
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
    </>
  );
}
