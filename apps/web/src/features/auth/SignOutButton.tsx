import { useApolloClient } from '@apollo/client';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { signOut } from './session';

/** Signs out everywhere (portal sessions and provider); a failure is shown as an error toast. */
export function SignOutButton() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    setPending(true);
    try {
      await signOut(client);
    } catch {
      toast.error('error.occurred');
      setPending(false);
    }
  };

  return (
    <Button variant="outlined" onClick={onClick} disabled={pending} sx={{ alignSelf: 'flex-start' }}>
      {t('app.signOut')}
    </Button>
  );
}
