import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFirstDataPolicy } from '../../app/first-data';
import { formatDateTime } from '../../ui/format-date';
import { loadErrorText } from '../../ui/load-error-text';
import { visuallyHidden } from '../../ui/visually-hidden';
import { comunicadoUrls } from '../communications/format';
import { HOME_ROW_HEIGHT, HomeCard, HomeRowText } from './HomeCard';
import { HomeComunicadosRecentesDocument } from './home.generated';
import { RECENT_COMMUNICATIONS } from './home-data';

/**
 * The card of the user's latest communications (comunicadoEnviosRecentes): unread ones bold with a dot; opening one
 * goes to its delivery view, which marks it read. Fetched again on each visit so a read one loses its mark.
 */
export function RecentCommunicationsCard() {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(HomeComunicadosRecentesDocument, {
    variables: { limite: RECENT_COMMUNICATIONS },
    fetchPolicy: useFirstDataPolicy(HomeComunicadosRecentesDocument, 'cache-and-network'),
  });
  const items = data?.comunicadoEnviosRecentes.map((envio) => (
    <li key={envio.id}>
      <ListItemButton
        component={RouterLink}
        to={comunicadoUrls.envio(envio.comunicado.id)}
        sx={{ minHeight: HOME_ROW_HEIGHT, gap: 1.5, px: 1 }}
      >
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: envio.lido ? 'transparent' : 'primary.main',
          }}
        />
        <HomeRowText
          bold={!envio.lido}
          primary={
            <>
              {!envio.lido && (
                <Box component="span" sx={visuallyHidden}>
                  {t('home.communications.unread')}{' '}
                </Box>
              )}
              {envio.comunicado.titulo}
            </>
          }
          secondary={[envio.comunicado.departamento?.sigla, formatDateTime(envio.dataRecebimento, i18n.language)]
            .filter(Boolean)
            .join(' · ')}
        />
      </ListItemButton>
    </li>
  ));
  return (
    <HomeCard
      title={t('home.communications.title')}
      moreHref={comunicadoUrls.inbox}
      moreLabel={t('home.communications.more')}
      loading={loading}
      error={error ? loadErrorText(error, t, t('home.communications.loadError')) : null}
      emptyText={t('home.communications.empty')}
      rows={RECENT_COMMUNICATIONS}
      items={items ?? null}
    />
  );
}
