import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { redundantAccessTypes } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { CheckboxInput } from '../../ui/form/fields';
import type { UserFormProdutosQuery } from './user-form.generated';
import type { ProductPermissions } from './user-form-values';

export type Produto = UserFormProdutosQuery['produtosByDealersAndTipoUsuario'][number];

export const NO_PERMISSIONS: ProductPermissions = { idsTiposAcesso: [], idsFuncionalidades: [] };

/**
 * The access types of `produto` chosen in `perms` all of whose default features are also chosen one by one
 * (SPEC §5, the domain's `redundantAccessTypes`): their names, for the card's error.
 */
export function redundancyOf(produto: Produto, perms: ProductPermissions): string[] {
  const chosen = produto.tiposAcesso
    .filter((ta) => perms.idsTiposAcesso.includes(ta.id))
    .map((ta) => ({ id: ta.id, nome: ta.nome, funcionalidadesPadrao: ta.funcionalidadesPadrao.map((f) => f.id) }));
  return redundantAccessTypes(chosen, perms.idsFuncionalidades);
}

/** A line under a box (its default features, or why it is locked), readable even when the box is disabled. */
function Note({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 4, mt: -0.5, mb: 0.5 }}>
      {text}
    </Typography>
  );
}

const toggle = (ids: string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

type Props = {
  produto: Produto;
  perms: ProductPermissions;
  onChange: (perms: ProductPermissions) => void;
  onClone: () => void;
  /** Every box locked (an administrator editing themself). */
  locked: boolean;
  /** The first card carries the USUARIO_EDICAO tour's marks. */
  tour: boolean;
};

/**
 * One product's permissions (SPEC §2 step 2): its access types and individual features as boxes, those the
 * administrator may not grant shown but locked (ProdutoConcedivel.idsTiposAcessoConcediveis /
 * idsFuncionalidadesConcediveis), the redundancy error (header, then the access types one per line) and the
 * clone action.
 */
export function ProductPermissionsCard({ produto, perms, onChange, onClone, locked, tour }: Props) {
  const { t } = useTranslation();
  const grantableTypes = new Set(produto.idsTiposAcessoConcediveis);
  const grantableFeatures = new Set(produto.idsFuncionalidadesConcediveis);
  const featureName = new Map(produto.funcionalidades.map((f) => [f.id, f.nome]));
  const redundant = redundancyOf(produto, perms);
  const headingId = `produto-${produto.id}`;
  const mark = (name: string) => (tour ? { 'data-tour': name } : {});

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography id={headingId} variant="h6" component="h3">
          {produto.nome}
        </Typography>
        <Box {...mark('usuario-produto-clonar')}>
          <Button variant="outlined" onClick={onClone} disabled={locked}>
            {t('userForm.clone.action', { product: produto.nome })}
          </Button>
        </Box>
      </Stack>
      {redundant.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          <Typography variant="body2">{t('users.redundantAccessTypes')}</Typography>
          {redundant.map((name) => (
            <Typography key={name} variant="body2" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Stack {...mark('usuario-produto-tipos')} role="group" aria-label={t('userForm.permissions.accessTypes')}>
          <Typography variant="subtitle2" component="h4">
            {t('userForm.permissions.accessTypes')}
          </Typography>
          {produto.tiposAcesso.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('userForm.permissions.noAccessTypes')}
            </Typography>
          )}
          {produto.tiposAcesso.map((ta) => {
            const lockedBox = locked || !grantableTypes.has(ta.id);
            const defaults = ta.funcionalidadesPadrao.map((f) => featureName.get(f.id) ?? f.id).join(', ');
            return (
              <Box key={ta.id}>
                <CheckboxInput
                  name={`tipo-acesso-${ta.id}`}
                  label={ta.nome}
                  value={perms.idsTiposAcesso.includes(ta.id)}
                  disabled={lockedBox}
                  onChange={(on) => onChange({ ...perms, idsTiposAcesso: toggle(perms.idsTiposAcesso, ta.id, on) })}
                  onBlur={() => {}}
                />
                <Note
                  text={[defaults, lockedBox && !locked ? t('userForm.permissions.locked') : '']
                    .filter(Boolean)
                    .join(' · ')}
                />
              </Box>
            );
          })}
        </Stack>
        <Stack
          {...mark('usuario-produto-funcionalidades')}
          role="group"
          aria-label={t('userForm.permissions.features')}
        >
          <Typography variant="subtitle2" component="h4">
            {t('userForm.permissions.features')}
          </Typography>
          {produto.funcionalidades.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('userForm.permissions.noFeatures')}
            </Typography>
          )}
          {produto.funcionalidades.map((f) => {
            const lockedBox = locked || !grantableFeatures.has(f.id);
            return (
              <Box key={f.id}>
                <CheckboxInput
                  name={`funcionalidade-${f.id}`}
                  label={f.nome}
                  value={perms.idsFuncionalidades.includes(f.id)}
                  disabled={lockedBox}
                  onChange={(on) =>
                    onChange({ ...perms, idsFuncionalidades: toggle(perms.idsFuncionalidades, f.id, on) })
                  }
                  onBlur={() => {}}
                />
                <Note text={lockedBox && !locked ? t('userForm.permissions.locked') : ''} />
              </Box>
            );
          })}
        </Stack>
      </Box>
    </Paper>
  );
}
