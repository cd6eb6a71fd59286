import { useApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/shell/icons';
import { GERAR_LINK_DOWNLOAD, type ItemBiblioteca } from './library.documents';
import { DownloadIcon, NextIcon, PreviousIcon } from './library-icons';
import type { PdfDocument } from './pdf-document';
import { TruncatedName } from './TruncatedName';

type Props = {
  file: ItemBiblioteca;
  onClose: () => void;
  onDownload: (item: ItemBiblioteca) => void;
};

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; doc: PdfDocument };

/** The widest a page is drawn (CSS pixels): fit to width, but a page on a wide screen stays readable in one look. */
const MAX_PAGE_WIDTH = 1200;
/** The room the page leaves free on each side of the viewer's body. */
const GUTTER = 8;

/** pdf.js's answer to a draw that a newer one replaced: not a failure of the file. */
const isCancelledRender = (error: unknown) => error instanceof Error && error.name === 'RenderingCancelledException';

/**
 * The PDF viewer (docs/domains/library.md#pdf-viewer, decision 0037): fetches the file through a fresh signed link,
 * opens it with pdf.js (imported only now, so the portal's first JavaScript does not carry it) and draws one page at
 * a time on a canvas, fit to the width: previous/next (buttons, arrow keys), "page x of n", download; a file that
 * cannot be rendered says so and offers the download. Esc closes.
 */
export function PdfViewer({ file, onClose, onDownload }: Props) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const titleId = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);

  // Loads the bytes and opens the document once per file; the document is released when the viewer closes.
  useEffect(() => {
    let live = true;
    let opened: PdfDocument | null = null;
    setState({ status: 'loading' });
    setPage(1);
    (async () => {
      try {
        const { data } = await client.mutate({ mutation: GERAR_LINK_DOWNLOAD, variables: { id: file.id } });
        if (!data) throw new Error('no link');
        const response = await fetch(data.gerarLinkDownloadByItemBiblioteca, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = await response.arrayBuffer();
        const { openPdf } = await import('./pdf-document');
        opened = await openPdf(bytes);
        if (live) setState({ status: 'ready', doc: opened });
        else opened.destroy();
      } catch {
        if (live) setState({ status: 'error' });
      }
    })();
    return () => {
      live = false;
      opened?.destroy();
    };
  }, [client, file.id]);

  // Fit to width: the body's width, followed as it changes (a phone turned, a window resized). Measured when the body
  // is there: the dialog's portal mounts it after this component's first effects, which measured nothing and drew an
  // A4 page 200 px wide.
  const fitToBody = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const measure = () => {
      const available = element.clientWidth - 2 * GUTTER;
      setWidth(Math.min(MAX_PAGE_WIDTH, Math.max(available, 200)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const doc = state.status === 'ready' ? state.doc : null;
  useEffect(() => {
    if (!doc || !canvas.current || width === 0) return;
    const drawing = doc.render(page, canvas.current, width);
    drawing.done.catch((error: unknown) => {
      if (!isCancelledRender(error)) setState({ status: 'error' });
    });
    return () => drawing.cancel();
  }, [doc, page, width]);

  const total = doc?.numPages ?? 0;
  // The button that just turned to the first or last page disables itself: the focus moves to the other one
  // instead of falling out of the viewer (where the arrow keys would no longer turn pages).
  useEffect(() => {
    const active = document.activeElement;
    if (page >= total && active === nextButton.current) previousButton.current?.focus();
    else if (page <= 1 && active === previousButton.current) nextButton.current?.focus();
  }, [page, total]);
  const go = (step: number) => setPage((current) => Math.min(Math.max(current + step, 1), Math.max(total, 1)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (!doc) return;
    if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(-1);
    else if (event.key === 'ArrowRight' || event.key === 'PageDown') go(1);
    else if (event.key === 'Home') setPage(1);
    else if (event.key === 'End') setPage(total);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0, 0, 0, 0.92)', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: { xs: 1, sm: 2 } }}>
        <Typography id={titleId} component="h2" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
          <TruncatedName name={file.nome} />
        </Typography>
        <Button color="inherit" startIcon={<DownloadIcon />} onClick={() => onDownload(file)}>
          {t('library.viewer.download')}
        </Button>
        <IconButton color="inherit" aria-label={t('library.viewer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Focusable, so a keyboard scrolls a page taller than the screen (Up, Down); Left and Right turn pages. */}
      <Box
        ref={fitToBody}
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', px: `${GUTTER}px`, pb: 1 }}
      >
        {state.status === 'loading' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10 }}>
            <CircularProgress color="inherit" aria-hidden />
            <Typography>{t('library.pdf.loading')}</Typography>
          </Box>
        )}
        {state.status === 'error' && (
          <Box sx={{ maxWidth: 560, mx: 'auto', py: 6, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Alert severity="error">{t('library.pdf.error')}</Alert>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              onClick={() => onDownload(file)}
              sx={{ alignSelf: 'center' }}
            >
              {t('library.details.download')}
            </Button>
          </Box>
        )}
        {doc && (
          <Box
            component="canvas"
            ref={canvas}
            role="img"
            aria-label={t('library.pdf.pageImage', { page, nome: file.nome })}
            sx={{ display: 'block', mx: 'auto', bgcolor: 'common.white' }}
          />
        )}
      </Box>
      {doc && (
        <Box
          component="nav"
          aria-label={t('library.pdf.pages')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            p: 1,
            '& .Mui-disabled': { color: 'grey.600' },
          }}
        >
          <IconButton
            ref={previousButton}
            color="inherit"
            aria-label={t('library.pdf.previous')}
            disabled={page <= 1}
            onClick={() => go(-1)}
          >
            <PreviousIcon />
          </IconButton>
          <Typography role="status" sx={{ minWidth: 120, textAlign: 'center' }}>
            {t('library.pdf.page', { page, total })}
          </Typography>
          <IconButton
            ref={nextButton}
            color="inherit"
            aria-label={t('library.pdf.next')}
            disabled={page >= total}
            onClick={() => go(1)}
          >
            <NextIcon />
          </IconButton>
        </Box>
      )}
    </Dialog>
  );
}
