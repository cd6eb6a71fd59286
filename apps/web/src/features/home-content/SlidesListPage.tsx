import { useMutation, useQuery } from '@apollo/client';
import { useListParams } from '../../ui/list/use-list-params';
import { HomeContentList, LIST_FILTERS, listVariables } from './HomeContentList';
import { KINDS, SLIDES_REFETCH } from './home-content.documents';
import { AtivarSlideDocument, InativarSlideDocument, SlidesAdministracaoDocument } from './home-content.generated';

/** /slides (PORTAL_MANUTENCAO_SLIDES): the slides of the /home banner, for their administration. */
export function SlidesListPage() {
  const list = useListParams({ filters: LIST_FILTERS });
  const { data, previousData, loading, error } = useQuery(SlidesAdministracaoDocument, {
    variables: listVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(AtivarSlideDocument, { refetchQueries: SLIDES_REFETCH });
  const [inativar] = useMutation(InativarSlideDocument, { refetchQueries: SLIDES_REFETCH });
  return (
    <HomeContentList
      kind={KINDS.slide}
      list={list}
      page={(data ?? previousData)?.slides}
      loading={loading}
      error={error}
      onActivation={(id, active) => (active ? ativar : inativar)({ variables: { id } })}
    />
  );
}
