import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../ui/format-date';
import type { ArquivoComunicado, ComunicadoConteudo } from './communications.documents';
import { Tag } from './Tag';

type Props = {
  comunicado: Pick<
    ComunicadoConteudo,
    'titulo' | 'mensagem' | 'etiquetas' | 'departamento' | 'dataInicioExibicao' | 'dataFimExibicao' | 'justificativa'
  > & { usuarioCriador: { nome: string } | null; arquivos: Pick<ArquivoComunicado, 'id' | 'nome' | 'arquivoLink'>[] };
  /** Facts above the message (receipt and read dates). */
  meta?: ReactNode;
  /** Heading level of the title: h1 on its own page, h2 inside another. */
  headingLevel?: 'h1' | 'h2';
  /** Marks an errata (its justification is shown). */
  errata?: boolean;
  /** Whether it was sent: only then is its creator "sent by"; a draft or one in approval says "created by". */
  sent?: boolean;
};

/**
 * A communication as its recipient sees it (issue 5 point 5): title, department, sender, the message,
 * tags, attachments and the department's signature. Also the preview of the form. The message is HTML
 * already sanitised by the server's allow-list: the only field rendered as HTML.
 */
export function ComunicadoBody({ comunicado, meta, headingLevel = 'h1', errata, sent = true }: Props) {
  const { t, i18n } = useTranslation();
  const { departamento } = comunicado;
  const start = comunicado.dataInicioExibicao;
  const end = comunicado.dataFimExibicao;
  return (
    <Stack component="article" spacing={2} sx={{ minWidth: 0 }}>
      <div>
        {errata && (
          <Box sx={{ mb: 1 }}>
            <Tag colour="warning" label={t('communicationsUi.view.errata')} />
          </Box>
        )}
        <Typography
          variant={headingLevel === 'h1' ? 'h4' : 'h5'}
          component={headingLevel}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {comunicado.titulo}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 1, color: 'text.secondary' }}>
          {departamento && (
            <Typography variant="body2">
              {t('communicationsUi.view.department')}: {departamento.sigla} · {departamento.nome}
            </Typography>
          )}
          {comunicado.usuarioCriador && (
            <Typography variant="body2">
              {t(sent ? 'communicationsUi.view.sender' : 'communicationsUi.view.createdBy')}:{' '}
              {comunicado.usuarioCriador.nome}
            </Typography>
          )}
          {(start || end) && (
            <Typography variant="body2">
              {t('communicationsUi.view.display', {
                inicio: start ? formatDate(start, i18n.language) : '…',
                fim: end ? formatDate(end, i18n.language) : '…',
              })}
            </Typography>
          )}
        </Stack>
        {meta}
      </div>
      {errata && comunicado.justificativa && (
        <Box sx={{ borderLeft: 4, borderColor: 'warning.main', pl: 2 }}>
          <Typography variant="subtitle2" component="p">
            {t('communicationsUi.view.justification')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comunicado.justificativa}</Typography>
        </Box>
      )}
      <Box
        className="comunicado-mensagem"
        sx={{
          overflowWrap: 'anywhere',
          '& img': { maxWidth: '100%', height: 'auto' },
          '& a': { color: 'primary.main' },
        }}
        // Sanitised by the server (allow-list) before it was stored: the one HTML field (issue 5 point 2).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised message HTML
        dangerouslySetInnerHTML={{ __html: comunicado.mensagem }}
      />
      {departamento?.assinatura && (
        <Typography sx={{ whiteSpace: 'pre-wrap', fontStyle: 'italic' }}>{departamento.assinatura}</Typography>
      )}
      {comunicado.etiquetas.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={t('communicationsUi.view.tags')}
        >
          {comunicado.etiquetas.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Stack>
      )}
      {comunicado.arquivos.length > 0 && (
        <div>
          <Divider sx={{ mb: 1 }} />
          <Typography variant="subtitle2" component="h3">
            {t('communicationsUi.view.attachments')}
          </Typography>
          <List dense>
            {comunicado.arquivos.map((file) => (
              <ListItem key={file.id} disableGutters>
                <Link
                  href={file.arquivoLink}
                  download={file.nome}
                  aria-label={t('communicationsUi.view.download', { nome: file.nome })}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {file.nome}
                </Link>
              </ListItem>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}

/** "Received on … · Read on …" under the title of a delivery. */
export function EnvioMeta({ dataRecebimento, dataLeitura }: { dataRecebimento: string; dataLeitura: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {t('communicationsUi.view.receivedAt')} {formatDateTime(dataRecebimento, i18n.language)}
      {dataLeitura && ` · ${t('communicationsUi.view.readAt')} ${formatDateTime(dataLeitura, i18n.language)}`}
    </Typography>
  );
}
