import { useMutation, useQuery } from '@apollo/client';
import { useListParams } from '../../ui/list/use-list-params';
import { HomeContentList, LIST_FILTERS, listVariables } from './HomeContentList';
import { ANUNCIOS_REFETCH, KINDS } from './home-content.documents';
import {
  AnunciosAdministracaoDocument,
  AtivarAnuncioDocument,
  InativarAnuncioDocument,
} from './home-content.generated';

/** /anuncios (PORTAL_MANUTENCAO_ANUNCIOS): the ads shown beside the /home content, for their administration. */
export function AnunciosListPage() {
  const list = useListParams({ filters: LIST_FILTERS });
  const { data, previousData, loading, error } = useQuery(AnunciosAdministracaoDocument, {
    variables: listVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(AtivarAnuncioDocument, { refetchQueries: ANUNCIOS_REFETCH });
  const [inativar] = useMutation(InativarAnuncioDocument, { refetchQueries: ANUNCIOS_REFETCH });
  return (
    <HomeContentList
      kind={KINDS.anuncio}
      list={list}
      page={(data ?? previousData)?.anuncios}
      loading={loading}
      error={error}
      onActivation={(id, active) => (active ? ativar : inativar)({ variables: { id } })}
    />
  );
}
