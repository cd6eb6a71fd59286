import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TOUCH_TOOLTIP } from '../../ui/touch-tooltip';
import type { ComunicadoConteudo } from './communications.documents';
import { Tag } from './Tag';

/** How long an inbox excerpt is at most, in characters (then cut at a word, with an ellipsis). */
export const EXCERPT_MAX = 160;

/** The plain text of a message's HTML, whitespace collapsed, cut at `max` characters on a word boundary. */
export function excerptOf(html: string, max = EXCERPT_MAX): string {
  // Blocks and line breaks part words; inline tags (bold, links) do not.
  const spaced = html.replace(/<(\/?(p|div|h[1-6]|li|ul|ol|blockquote|tr|td|th)\b[^>]*|br\s*\/?)>/gi, ' $&');
  const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// Material Design's "attach_file" icon path (Apache-2.0), inlined as the other icons are.
const AttachFileIcon = (props: SvgIconProps) => (
  <SvgIcon {...props}>
    <path d="M16.5 6v11.5c0 2.21-1.79 4-4 4s-4-1.79-4-4V5c0-1.38 1.12-2.5 2.5-2.5s2.5 1.12 2.5 2.5v10.5c0 .55-.45 1-1 1s-1-.45-1-1V6H10v9.5c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5V5c0-2.21-1.79-4-4-4S7 2.79 7 5v12.5c0 3.04 2.46 5.5 5.5 5.5s5.5-2.46 5.5-5.5V6z" />
  </SvgIcon>
);

type Props = {
  comunicado: Pick<ComunicadoConteudo, 'mensagem' | 'arquivos' | 'etiquetas' | 'exigeConfirmacao'>;
};

/**
 * What an inbox item says beyond its title (issue 17 point 10): an excerpt of the message (plain text, cut), an
 * attachment indicator with the count, the tags and whether it asks for a read confirmation. The department is in
 * the item's line of details.
 */
export function InboxItemExtras({ comunicado: c }: Props) {
  const { t } = useTranslation();
  const excerpt = excerptOf(c.mensagem);
  const attachments = c.arquivos.length;
  const attachmentsLabel = `${t('communicationsConfirmation.inbox.attachments')}: ${attachments}`;
  return (
    <>
      {excerpt && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="inbox-excerpt">
          {excerpt}
        </Typography>
      )}
      {(attachments > 0 || c.etiquetas.length > 0 || c.exigeConfirmacao) && (
        <Stack direction="row" spacing={0.75} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', pt: 0.25 }}>
          {attachments > 0 && (
            <Tooltip title={attachmentsLabel} {...TOUCH_TOOLTIP}>
              <Box
                component="span"
                role="img"
                aria-label={attachmentsLabel}
                sx={{ display: 'inline-flex', alignItems: 'center', color: 'text.secondary' }}
              >
                <AttachFileIcon fontSize="small" aria-hidden />
                <Typography component="span" variant="caption" aria-hidden>
                  {attachments}
                </Typography>
              </Box>
            </Tooltip>
          )}
          {c.etiquetas.length > 0 && (
            <Stack
              direction="row"
              spacing={0.5}
              useFlexGap
              sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
              component="ul"
              aria-label={t('communicationsConfirmation.inbox.tags')}
            >
              {c.etiquetas.map((tag) => (
                <li key={tag}>
                  <Tag label={tag} />
                </li>
              ))}
            </Stack>
          )}
          {c.exigeConfirmacao && <Tag colour="info" label={t('communicationsConfirmation.asksConfirmation')} />}
        </Stack>
      )}
    </>
  );
}
