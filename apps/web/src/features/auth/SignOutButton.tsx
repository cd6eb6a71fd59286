import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from './session';

export function SignOutButton() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const onClick = async () => {
    setPending(true);
    setFailed(false);
    try {
      await signOut();
    } catch {
      setFailed(true);
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="outlined" onClick={onClick} disabled={pending} sx={{ alignSelf: 'flex-start' }}>
        {t('app.signOut')}
      </Button>
      {failed && <Alert severity="error">{t('error.occurred')}</Alert>}
    </>
  );
}
