import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

type Props = {
  active: boolean;
  /** The record's name, in the confirmation's title ('Inativar Vendas?'). */
  name: string;
  /** Sets the new state on the server; the confirm dialog shows loading, then the success or error toast. */
  onChange: (active: boolean) => Promise<unknown>;
  /** A consequence to state before deactivating (docs/domains/organisation.md#inactivating-a-dealer-group). */
  deactivateWarning?: string;
  disabled?: boolean;
};

/**
 * Activate or deactivate one record (docs/domains/screens-and-forms.md#activate-and-deactivate), always after the
 * generic confirm dialog.
 */
export function ActivationButton({ active, name, onChange, deactivateWarning, disabled }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color={active ? 'error' : 'primary'}
        // The error colour on white is 4:1; its dark shade keeps small text readable (WCAG AA 4.5:1).
        sx={active ? { color: 'error.dark' } : undefined}
        onClick={() => setOpen(true)}
        disabled={disabled}
      >
        {t(active ? 'common.deactivate' : 'common.activate')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => onChange(!active)}
        title={t(active ? 'common.deactivateTitle' : 'common.activateTitle', { name })}
        subtitle={active ? deactivateWarning : undefined}
        confirmLabel={t(active ? 'common.deactivate' : 'common.activate')}
        successMessage={t(active ? 'common.deactivated' : 'common.activated')}
      />
    </>
  );
}
