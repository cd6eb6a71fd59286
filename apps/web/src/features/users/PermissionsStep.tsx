import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserType } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidedTour } from '../../app/tour/GuidedTour';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import type { ZodForm } from '../../ui/form/use-zod-form';
import { LoadingView } from '../../ui/LoadingView';
import { loadErrorText } from '../../ui/QueryState';
import { CloneDialog, type ClonedUser } from './CloneDialog';
import { NO_PERMISSIONS, ProductPermissionsCard, type Produto } from './ProductPermissionsCard';
import { USER_EDIT_TOUR_ID, USER_EDIT_TOUR_STEPS } from './user-edit-tour';
import type { ProductPermissions, Values } from './user-form-values';

/**
 * A product's permissions after cloning `source`'s (decision 0023): what the administrator may
 * grant becomes the source user's; what they may not stays as the edited user has it (nobody grants more than
 * they hold).
 */
export function clonedPermissions(
  produto: Produto,
  current: ProductPermissions,
  source: ClonedUser,
): ProductPermissions {
  const types = new Set(produto.idsTiposAcessoConcediveis);
  const features = new Set(produto.idsFuncionalidadesConcediveis);
  const ofProduct = (items: { id: string; produto: { id: string } | null }[]) =>
    items.filter((x) => x.produto?.id === produto.id).map((x) => x.id);
  return {
    idsTiposAcesso: [
      ...current.idsTiposAcesso.filter((id) => !types.has(id)),
      ...ofProduct(source.tiposAcesso).filter((id) => types.has(id)),
    ],
    idsFuncionalidades: [
      ...current.idsFuncionalidades.filter((id) => !features.has(id)),
      ...ofProduct(source.funcionalidades).filter((id) => features.has(id)),
    ],
  };
}

type Props = {
  form: ZodForm<Values>;
  produtos: readonly Produto[] | undefined;
  loading: boolean;
  error: unknown;
  /** The products the filter shows (empty: all). */
  filter: string[];
  onFilter: (ids: string[]) => void;
  /** The administrator edits themself: their own permissions are not theirs to change. */
  self: boolean;
};

/**
 * Step 2 of the user wizard (SPEC §2): the permissions per product a user of the chosen type at the chosen
 * dealers can use (`produtosByDealersAndTipoUsuario`, Portal first), narrowed by a searchable product filter;
 * one card per product with the clone action; the USUARIO_EDICAO tour on the first card.
 */
export function PermissionsStep({ form, produtos, loading, error, filter, onFilter, self }: Props) {
  const { t } = useTranslation();
  const [cloning, setCloning] = useState<Produto | null>(null);
  if (!produtos && error)
    return <Alert severity="error">{loadErrorText(error, t, t('userForm.permissions.loadError'))}</Alert>;
  if (!produtos) return loading ? <LoadingView /> : null;
  if (produtos.length === 0)
    return <Typography color="text.secondary">{t('userForm.permissions.noProducts')}</Typography>;

  const shown = filter.length ? produtos.filter((p) => filter.includes(p.id)) : produtos;
  const permsOf = (id: string) => form.values.produtos[id] ?? NO_PERMISSIONS;
  const setPerms = (id: string, perms: ProductPermissions) =>
    form.set('produtos', { ...form.values.produtos, [id]: perms });

  return (
    <Stack spacing={3}>
      {self && <Alert severity="info">{t('userForm.permissions.self')}</Alert>}
      <MultiSelectInput
        label={t('userForm.permissions.filter')}
        helperText={t('userForm.permissions.filterHelp')}
        name="filtroProdutos"
        options={produtos.map((p) => ({ value: p.id, label: p.nome }))}
        value={filter}
        onChange={onFilter}
        onBlur={() => {}}
      />
      {shown.map((p, i) => (
        <ProductPermissionsCard
          key={p.id}
          produto={p}
          perms={permsOf(p.id)}
          onChange={(perms) => setPerms(p.id, perms)}
          onClone={() => setCloning(p)}
          locked={self}
          tour={i === 0}
        />
      ))}
      {shown.length > 0 && <GuidedTour id={USER_EDIT_TOUR_ID} steps={USER_EDIT_TOUR_STEPS} />}
      {cloning && form.values.tipo && (
        <CloneDialog
          productName={cloning.nome}
          tipo={form.values.tipo as UserType}
          dealerIds={form.values.idsDealers}
          excludeId={form.values.id}
          onClone={(source) => setPerms(cloning.id, clonedPermissions(cloning, permsOf(cloning.id), source))}
          onClose={() => setCloning(null)}
        />
      )}
    </Stack>
  );
}
