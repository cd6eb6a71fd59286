import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { ChavePublicaPushDocument, GerarPushSubscriptionDocument } from './push.generated';
import { canPush, type PushSubscriptionInput, subscribeBrowser } from './push-subscription';

/** Remembered in this browser (cleared on sign-out with the rest of localStorage): the user said "not now". */
const DISMISSED_KEY = 'portal-push-dismissed';

/** The worker's registration once it is active (registered by the frame). */
const readyRegistration = () => navigator.serviceWorker.ready;

/**
 * Web push in the signed-in frame (decision 0035). Where the browser can push and the server has a VAPID key: a
 * small prompt asks for permission, only when the user clicks (never on the public screens, which have no frame);
 * once granted, the browser is subscribed on every sign-in without asking again. Nothing shows where push is not
 * possible, was refused in the browser, or was dismissed.
 */
export function PushPrompt() {
  const { t } = useTranslation();
  const toast = useToast();
  const supported = canPush();
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  const { data } = useQuery(ChavePublicaPushDocument, { skip: !supported || permission === 'denied' });
  const [gerar] = useMutation(GerarPushSubscriptionDocument);
  const publicKey = data?.chavePublicaPush ?? null;

  // The key this browser was subscribed with on this page: once is enough.
  const subscribedWith = useRef<string | null>(null);
  const subscribe = useCallback(
    async (key: string) => {
      if (subscribedWith.current === key) return;
      const save = (input: PushSubscriptionInput) => gerar({ variables: { input } });
      await subscribeBrowser(await readyRegistration(), key, save);
      subscribedWith.current = key;
    },
    [gerar],
  );

  // Granted before (this or an earlier sign-in): subscribe again without asking; the server keeps one per browser.
  useEffect(() => {
    if (publicKey && permission === 'granted') void subscribe(publicKey).catch(() => {});
  }, [publicKey, permission, subscribe]);

  if (!publicKey || permission !== 'default' || dismissed) return null;

  const enable = async () => {
    const answer = await Notification.requestPermission();
    if (answer === 'granted') {
      try {
        await subscribe(publicKey);
        toast.success('shell.pushEnabled');
      } catch {
        toast.error('shell.pushFailed');
      }
    }
    setPermission(answer);
  };
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };

  return (
    // Fixed over the page's bottom corner, not in the flow: it appears after the page is drawn (its key is fetched
    // then), and in the flow it pushed everything down (Lighthouse's layout shift on /home, issue 12).
    <Alert
      severity="info"
      role="region"
      aria-label={t('shell.pushEnable')}
      elevation={6}
      sx={{
        position: 'fixed',
        bottom: 16,
        right: 16,
        left: { xs: 16, sm: 'auto' },
        maxWidth: { sm: 480 },
        zIndex: 'snackbar',
        boxShadow: 6,
      }}
      action={
        <Stack direction="row" spacing={1}>
          <Button color="inherit" size="small" onClick={dismiss}>
            {t('shell.pushDismiss')}
          </Button>
          <Button color="primary" variant="contained" size="small" onClick={() => void enable()}>
            {t('shell.pushEnable')}
          </Button>
        </Stack>
      }
    >
      {t('shell.pushPrompt')}
    </Alert>
  );
}
