import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import { BRAND_SORT_FIELDS, brandSchema } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLink } from '../../ui/AuditLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormDialog } from '../../ui/form/FormDialog';
import { TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { activeOf, ordenacaoOf } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { useToast } from '../../ui/toast';
import { DEALERS_REFETCH } from './dealers.documents';
import {
  AtivarMarcaDocument,
  ImpactoInativacaoMarcaDocument,
  InativarMarcaDocument,
  type MarcaCamposFragment,
  MarcasDocument,
  SalvarMarcaDocument,
} from './dealers.generated';

type Brand = MarcaCamposFragment;

function variables(query: ListQuery) {
  const { status } = query.filters;
  return {
    busca: query.busca || null,
    active: activeOf(status),
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** Creates (no brand) or renames a brand in a dialog; a taken name shows on the field. */
function BrandDialog({ brand, onClose }: { brand: Brand | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(brandSchema, { descricao: brand?.descricao ?? '' });
  const [salvar, { loading }] = useMutation(SalvarMarcaDocument, { refetchQueries: DEALERS_REFETCH });
  const submit = form.onSubmit(async (marca) => {
    try {
      await salvar({ variables: { id: brand?.id ?? null, marca }, awaitRefetchQueries: true });
      toast.success(t('dealers.brands.saved'));
      onClose();
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });
  return (
    <FormDialog
      title={brand ? t('dealers.brands.renameTitle', { name: brand.descricao }) : t('dealers.brands.new')}
      submitLabel={t('common.save')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextInput label={t('dealers.brands.descricao')} required autoFocus {...form.bind('descricao')} />
    </FormDialog>
  );
}

/**
 * Activates a brand, or inactivates it after a confirmation stating what it does: how many dealers
 * lose it and how many, selling only it, are inactivated (docs/domains/organisation.md#inactivating-a-brand).
 */
function BrandActivation({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useApolloClient();
  const [impact, setImpact] = useState<{ dealersDesvinculados: number; dealersInativados: number } | null>(null);
  const [open, setOpen] = useState(false);
  const [ativar] = useMutation(AtivarMarcaDocument, { refetchQueries: DEALERS_REFETCH });
  const [inativar] = useMutation(InativarMarcaDocument, { refetchQueries: DEALERS_REFETCH });

  const ask = async () => {
    if (brand.active) {
      try {
        const { data } = await client.query({
          query: ImpactoInativacaoMarcaDocument,
          variables: { id: brand.id },
          fetchPolicy: 'network-only',
        });
        setImpact(data.impactoInativacaoMarca);
      } catch (error) {
        toast.error(error);
        return;
      }
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        size="small"
        color={brand.active ? 'error' : 'primary'}
        sx={brand.active ? { color: 'error.dark' } : undefined}
        onClick={() => void ask()}
      >
        {t(brand.active ? 'common.deactivate' : 'common.activate')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => (brand.active ? inativar : ativar)({ variables: { id: brand.id } })}
        title={t(brand.active ? 'common.deactivateTitle' : 'common.activateTitle', { name: brand.descricao })}
        subtitle={
          brand.active
            ? t('dealers.brands.deactivateImpact', {
                unlinked: impact?.dealersDesvinculados ?? 0,
                inactivated: impact?.dealersInativados ?? 0,
              })
            : t('dealers.brands.activateNote')
        }
        confirmLabel={t(brand.active ? 'common.deactivate' : 'common.activate')}
        successMessage={t(brand.active ? 'common.deactivated' : 'common.activated')}
      />
    </>
  );
}

/** The brands tab of /dealers: list, search, status filter, create, rename, activate and inactivate. */
export function BrandsTab() {
  const { t } = useTranslation();
  const list = useListParams({ sortable: BRAND_SORT_FIELDS, filters: ['status'] });
  const { data, previousData, loading, error } = useQuery(MarcasDocument, {
    variables: variables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const page = (data ?? previousData)?.marcas;

  const columns: Column<Brand>[] = [
    { id: 'descricao', label: t('dealers.brands.descricao'), sortable: true, render: (b) => b.descricao },
    {
      id: 'dealers',
      label: t('dealers.brands.dealers'),
      sortable: true,
      align: 'right',
      render: (b) => b.quantidadeDealers,
    },
    {
      id: 'status',
      label: t('dealers.field.status'),
      render: (b) => <StatusChip active={b.active} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('dealers.brands.title')}
        subtitle={t('dealers.brands.subtitle')}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('dealers.brands.new')}
          </Button>
        }
      />
      <DataTable
        label={t('dealers.brands.title')}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(b) => b.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('dealers.list.loadError')}
        emptyText={t('dealers.brands.empty')}
        searchLabel={t('dealers.brands.search')}
        rowActions={(b) => (
          <>
            <Button
              size="small"
              onClick={() => setEditing(b)}
              aria-label={t('dealers.brands.rename', { name: b.descricao })}
            >
              {t('dealers.brands.renameShort')}
            </Button>
            <BrandActivation brand={b} />
            <AuditLink size="small" entidade="marca" id={b.id} name={b.descricao} />
          </>
        )}
      />
      {editing && <BrandDialog brand={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
