import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';

/** Height of one row of a home card, shared by the rows and their skeletons so loading does not move the page. */
export const HOME_ROW_HEIGHT = 64;

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
  /** The list items; an empty array shows the empty text. */
  items: ReactNode[] | null;
};

/**
 * A card of /home (docs/domains/menu-and-shell.md#home): a title, a link to the full screen, then skeleton rows while
 * loading, the error, the empty line or the items.
 */
export function HomeCard({ title, moreHref, moreLabel, loading, error, emptyText, rows, items }: Props) {
  const titleId = useId();
  let body: ReactNode;
  if (items && items.length > 0) body = <List aria-labelledby={titleId}>{items}</List>;
  else if (error) body = <Alert severity="error">{error}</Alert>;
  else if (loading || !items)
    body = (
      <List aria-hidden>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <ListItem key={i} sx={{ height: HOME_ROW_HEIGHT }}>
            <Stack sx={{ width: '100%' }}>
              <Skeleton width="70%" />
              <Skeleton width="40%" />
            </Stack>
          </ListItem>
        ))}
      </List>
    );
  else body = <Typography color="text.secondary">{emptyText}</Typography>;

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        <Link component={RouterLink} to={moreHref} variant="body2">
          {moreLabel}
        </Link>
      </Stack>
      {body}
    </Card>
  );
}
