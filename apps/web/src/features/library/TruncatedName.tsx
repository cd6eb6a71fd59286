import Box from '@mui/material/Box';
import { LIBRARY_NAME_TRUNCATE, truncateLibraryName } from '@portal/domain';

type Props = { name: string; max?: number };

/**
 * A name cut at `max` characters (docs/domains/library.md#names: 40 by default, 60 in folder tiles, 25 in permission
 * lists) with the full name on hover (`title`) and for assistive technology when it was cut.
 */
export function TruncatedName({ name, max = LIBRARY_NAME_TRUNCATE.default }: Props) {
  const shown = truncateLibraryName(name, max);
  if (shown === name) return <>{name}</>;
  return (
    <Box component="span" title={name} aria-label={name}>
      {shown}
    </Box>
  );
}
