import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { LIBRARY_NAME_TRUNCATE, truncateLibraryName } from '@portal/domain';
import type { ReactElement } from 'react';
import { TOUCH_TOOLTIP } from '../../ui/touch-tooltip';

type Props = { name: string; max?: number; hoverTitle?: boolean };

/**
 * A name cut at `max` characters (docs/domains/library.md#names: 40 by default, 60 in folder tiles, 25 in permission
 * lists) with the full name on hover (`title`, unless a NameTooltip around it shows it) and for assistive technology
 * when it was cut.
 */
export function TruncatedName({ name, max = LIBRARY_NAME_TRUNCATE.default, hoverTitle = true }: Props) {
  const shown = truncateLibraryName(name, max);
  if (shown === name) return <>{name}</>;
  return (
    <Box component="span" title={hoverTitle ? name : undefined} aria-label={name}>
      {shown}
    </Box>
  );
}

/**
 * The full name in a tooltip on hover and on keyboard focus of `children` (a focusable element showing a
 * TruncatedName), only when the name is cut at `max`.
 */
export function NameTooltip({
  name,
  max = LIBRARY_NAME_TRUNCATE.default,
  children,
}: {
  name: string;
  max?: number;
  children: ReactElement;
}) {
  if (truncateLibraryName(name, max) === name) return children;
  return (
    <Tooltip title={name} describeChild enterDelay={300} {...TOUCH_TOOLTIP}>
      {children}
    </Tooltip>
  );
}
