import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Skeleton rows of a section while the page loads. */
const SKELETON_ROWS = 3;
const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

type Props = {
  title: string;
  /** How many items of this kind are new (the list may show fewer: the page's cap). */
  total: number | null;
  /** The screen with everything of this kind (the inbox, the library, /notificacoes). */
  moreHref: string;
  moreLabel: string;
  /** The rows (each an `li`); null while loading. */
  items: ReactNode[] | null;
};

/**
 * One kind of news (docs/domains/news.md): its title with the count, its rows (skeletons while loading,
 * 'nothing new' when empty), how many of the total are shown when capped, and the link to the full screen.
 */
export function NewsSection({ title, total, moreHref, moreLabel, items }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  let body: ReactNode;
  if (!items)
    body = (
      <Box component="ul" aria-hidden sx={listSx}>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Box component="li" key={i} sx={{ py: 1, px: 1 }}>
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </Box>
        ))}
      </Box>
    );
  else if (items.length === 0) body = <Typography color="text.secondary">{t('news.kindEmpty')}</Typography>;
  else
    body = (
      <Box component="ul" aria-labelledby={titleId} sx={listSx}>
        {items}
      </Box>
    );

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mb: 1 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {total !== null && <Chip size="small" color={total > 0 ? 'primary' : 'default'} label={total} />}
        </Stack>
        <Link component={RouterLink} to={moreHref} variant="body2">
          {moreLabel}
        </Link>
      </Stack>
      {body}
      {items && total !== null && total > items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('news.capped', { shown: items.length, total })}
        </Typography>
      )}
    </Card>
  );
}
