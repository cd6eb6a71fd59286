import Chip from '@mui/material/Chip';
import type { ComunicadoStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from './format';

type Colour = (typeof STATUS_COLOR)[ComunicadoStatus];

/**
 * A small label whose colour is its border and the text stays the body colour: white text on
 * the palette's orange, blue or red fails the 4.5:1 contrast (axe), dark text on white does not.
 */
export function Tag({
  label,
  colour = 'default',
  size = 'small',
}: {
  label: string;
  colour?: Colour;
  size?: 'small' | 'medium';
}) {
  return (
    <Chip
      size={size}
      variant="outlined"
      label={label}
      sx={{
        color: 'text.primary',
        borderWidth: 2,
        borderColor: colour === 'default' ? 'divider' : `${colour}.main`,
        fontWeight: 500,
      }}
    />
  );
}

/** The status of a communication (docs/domains/communications.md#statuses-and-moves). */
export function StatusTag({ status, size }: { status: ComunicadoStatus; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  return <Tag label={t(`communicationsUi.status.${status}`)} colour={STATUS_COLOR[status]} size={size} />;
}
