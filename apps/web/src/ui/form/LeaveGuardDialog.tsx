import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../ConfirmDialog';
import { answerHeldLeave, useHeldLeave } from './leave-guard';

/**
 * The question of a held navigation away from a form with changes (leave-guard.ts): leave without saving, or keep
 * editing (the default: Esc and a click outside keep the form). Rendered once, inside the router.
 */
export function LeaveGuardDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const held = useHeldLeave();
  return (
    <ConfirmDialog
      open={held !== null}
      title={t('common.leaveTitle')}
      subtitle={t('common.leaveText')}
      confirmLabel={t('common.leaveConfirm')}
      cancelLabel={t('common.stay')}
      successMessage={false}
      onConfirm={() => answerHeldLeave(true, navigate)}
      onCancel={() => answerHeldLeave(false, navigate)}
      onClose={() => {}}
    />
  );
}
