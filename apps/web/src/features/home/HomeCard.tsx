import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';

/** One row of a home card: its main line and a secondary line, each cut with an ellipsis. */
export function HomeRowText({
  primary,
  secondary,
  bold = false,
}: {
  primary: ReactNode;
  secondary: string;
  bold?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography noWrap sx={{ fontWeight: bold ? 700 : 400 }}>
        {primary}
      </Typography>
      <Typography noWrap variant="body2" color="text.secondary">
        {secondary}
      </Typography>
    </Box>
  );
}

/** Height of one row of a home card, shared by the rows and their skeletons so loading does not move the page. */
export const HOME_ROW_HEIGHT = 64;

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

type Props = {
  title: string;
  /** The screen with everything the card samples (the inbox, the library). */
  moreHref: string;
  moreLabel: string;
  loading: boolean;
  error: string | null;
  emptyText: string;
  /** How many skeleton rows to show while loading (the number of rows the card asks for). */
  rows: number;
  /** The rows (each an `li`); an empty array shows the empty text. */
  items: ReactNode[] | null;
};

/**
 * A card of /home (docs/domains/menu-and-shell.md#home): a title, a link to the full screen, then skeleton rows while
 * loading, the error, the empty line or the items.
 */
export function HomeCard({ title, moreHref, moreLabel, loading, error, emptyText, rows, items }: Props) {
  const titleId = useId();
  let body: ReactNode;
  if (items && items.length > 0)
    body = (
      <Box component="ul" aria-labelledby={titleId} sx={listSx}>
        {items}
      </Box>
    );
  else if (error)
    body = (
      <Typography role="alert" color="error">
        {error}
      </Typography>
    );
  else if (loading || !items)
    body = (
      <Box component="ul" aria-hidden sx={listSx}>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Box component="li" key={i} sx={{ height: HOME_ROW_HEIGHT, display: 'flex', alignItems: 'center', px: 1 }}>
            <Stack sx={{ width: '100%' }}>
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </Stack>
          </Box>
        ))}
      </Box>
    );
  else body = <Typography color="text.secondary">{emptyText}</Typography>;

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, mb: 1 }}
      >
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        <Link component={RouterLink} to={moreHref} variant="body2">
          {moreLabel}
        </Link>
      </Stack>
      <Box sx={{ minHeight: rows * HOME_ROW_HEIGHT }}>{body}</Box>
    </Card>
  );
}
