import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type Props = {
  /** Whether the user is specially activated now. */
  especial: boolean;
  /** The user's name, in the confirmation's title. */
  name: string;
  /** Grants (true) or removes (false) it on the server; the dialog shows loading, then the toast. */
  onChange: (especial: boolean) => Promise<unknown>;
};

/**
 * Grants or removes a user's special activation (LIBERAR_ATIVACAO_ESPECIAL; a specially activated user
 * is never inactivated for lack of access, docs/domains/users.md#special-activation-and-inactivity),
 * always after the generic confirm dialog.
 */
export function SpecialActivationButton({ especial, name, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const action = especial ? 'remove' : 'grant';
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t(`usersList.especial.${action}Named`, { name })}>
        {t(`usersList.especial.${action}`)}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => onChange(!especial)}
        title={t(`usersList.especial.${action}Title`, { name })}
        subtitle={t(`usersList.especial.${action}Text`)}
        confirmLabel={t(`usersList.especial.${action}`)}
        successMessage={t(`usersList.especial.${action}Done`, { name })}
      />
    </>
  );
}
