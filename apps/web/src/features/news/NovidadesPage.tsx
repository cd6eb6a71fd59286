import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { NEWS_PER_KIND } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import { loadErrorText } from '../../ui/load-error-text';
import { PageHeader } from '../../ui/PageHeader';
import { TOUCH_TOOLTIP } from '../../ui/touch-tooltip';
import { visuallyHidden } from '../../ui/visually-hidden';
import { comunicadoUrls } from '../communications/format';
import { folderUrl } from '../library/format';
import { FileIcon, FolderIcon, ImageIcon } from '../library/library-icons';
import { useDownload } from '../library/use-download';
import { NotificationItem } from '../notifications/NotificationItem';
import { NewsSection } from './NewsSection';
import { NovidadesDocument, type NovidadesQuery } from './news.generated';
import { useMarkNewsSeen } from './use-mark-news-seen';

type News = NovidadesQuery['novidades'];
type Envio = News['comunicados']['content'][number];
type Arquivo = News['arquivos']['content'][number];

const rowSx = { display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 1 } as const;

/** A communication: unread ones bold with a dot; opening it shows its delivery, which marks it read. */
function CommunicationRow({ envio }: { envio: Envio }) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <ListItemButton component={RouterLink} to={comunicadoUrls.envio(envio.comunicado.id)} sx={rowSx}>
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
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: envio.lido ? 400 : 700, overflowWrap: 'anywhere' }}>
            {!envio.lido && (
              <Box component="span" sx={visuallyHidden}>
                {t('news.communications.unread')}{' '}
              </Box>
            )}
            {envio.comunicado.titulo}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[envio.comunicado.departamento?.sigla, formatDateTime(envio.dataRecebimento, i18n.language)]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      </ListItemButton>
    </li>
  );
}

/** A library file: opening it downloads it through a fresh signed link; the folder button opens its folder. */
function FileRow({ item, onOpen }: { item: Arquivo; onOpen: (item: Arquivo) => void }) {
  const { t, i18n } = useTranslation();
  const Icon = item.arquivoImagem ? ImageIcon : FileIcon;
  const openFolder = t('news.files.openFolder', { pasta: item.pastaPai.nome });
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center' }}>
      <ListItemButton onClick={() => onOpen(item)} sx={{ ...rowSx, minWidth: 0 }}>
        <Icon color="action" sx={{ flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{item.nome}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('news.files.modified', {
              pasta: item.pastaPai.nome,
              data: formatDateTime(item.ultimaModificacao, i18n.language),
            })}
          </Typography>
        </Box>
      </ListItemButton>
      <Tooltip title={openFolder} {...TOUCH_TOOLTIP}>
        <IconButton component={RouterLink} to={folderUrl(item.pastaPai.id)} aria-label={openFolder}>
          <FolderIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * /novidades, "my news" (docs/domains/news.md): what is new for the user since their last visit, by kind
 * (communications, library files, notifications) with counts, each capped with a link to its full screen.
 * Leaving the page moves the marker to the moment the data was read, so the next visit starts there.
 */
export function NovidadesPage() {
  const { t, i18n } = useTranslation();
  const download = useDownload();
  const { data, loading, error } = useQuery(NovidadesDocument, {
    variables: { limite: NEWS_PER_KIND },
    fetchPolicy: 'network-only',
  });
  const news = data?.novidades;
  useMarkNewsSeen(news?.ate);

  const since = news ? formatDateTime(news.desde, i18n.language) : null;
  const total = news
    ? news.comunicados.totalElements + news.arquivos.totalElements + news.notificacoes.totalElements
    : null;
  let body: ReactNode;
  if (!news && error) body = <Alert severity="error">{loadErrorText(error, t, t('news.loadError'))}</Alert>;
  else if (!news && !loading) body = null;
  else if (news && total === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('news.empty', { data: since })}
      </Typography>
    );
  else
    body = (
      <Stack spacing={2}>
        <NewsSection
          title={t('news.communications.title')}
          total={news?.comunicados.totalElements ?? null}
          moreHref={comunicadoUrls.inbox}
          moreLabel={t('news.communications.seeAll')}
          items={news?.comunicados.content.map((e) => <CommunicationRow key={e.id} envio={e} />) ?? null}
        />
        <NewsSection
          title={t('news.files.title')}
          total={news?.arquivos.totalElements ?? null}
          moreHref="/biblioteca"
          moreLabel={t('news.files.seeAll')}
          items={
            news?.arquivos.content.map((f) => (
              <FileRow key={f.id} item={f} onOpen={(item) => void download([item])} />
            )) ?? null
          }
        />
        <NewsSection
          title={t('news.notifications.title')}
          total={news?.notificacoes.totalElements ?? null}
          moreHref="/notificacoes"
          moreLabel={t('news.notifications.seeAll')}
          items={
            news?.notificacoes.content.map((n) => (
              <Box component="li" key={n.id} sx={{ px: 1 }}>
                <NotificationItem notificacao={n} />
              </Box>
            )) ?? null
          }
        />
      </Stack>
    );

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <PageHeader
        title={t('route.novidades')}
        subtitle={since && total ? t('news.since', { data: since }) : undefined}
      />
      {body}
    </Box>
  );
}
