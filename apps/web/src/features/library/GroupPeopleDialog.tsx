import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { ViewDialog } from '../../ui/ViewDialog';
import { PessoasGrupoUsuariosDocument, type PessoasGrupoUsuariosQuery } from './library.generated';

type Person = PessoasGrupoUsuariosQuery['pessoasGrupoUsuarios']['content'][number];

/**
 * "Who can see this" for one group of an access form (docs/domains/library.md#who-can-see-this): the active people
 * the group gives access to, paged and searched (name, e-mail, dealer) on the server. Full screen on a phone.
 */
export function GroupPeopleDialog({ group, onClose }: { group: { id: string; nome: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useLocalListParams();
  const { data, previousData, loading, error } = useQuery(PessoasGrupoUsuariosDocument, {
    variables: {
      id: group.id,
      busca: list.query.busca || null,
      page: list.query.page,
      rowsPerPage: list.query.rowsPerPage,
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.pessoasGrupoUsuarios;
  const title = t('library.people.title', { name: group.nome });
  const columns: Column<Person>[] = [
    { id: 'nome', label: t('library.people.nome'), render: (p) => p.nome },
    { id: 'email', label: t('library.people.email'), hideOnMobile: true, render: (p) => p.email },
    {
      id: 'dealers',
      label: t('library.people.dealers'),
      hideOnMobile: true,
      render: (p) => p.dealers.join(', ') || '—',
    },
  ];
  return (
    <ViewDialog title={title} onClose={onClose} phoneFullScreen>
      <DataTable
        label={title}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(p) => p.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('library.people.loadError')}
        emptyText={t('library.people.empty')}
        searchLabel={t('library.people.search')}
      />
    </ViewDialog>
  );
}
