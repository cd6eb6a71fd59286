import { AnnotationMode, GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';

// Vite emits the worker as an asset of its own; this module (and pdf.js with it) is imported only when a PDF is
// opened, so the portal's first JavaScript does not carry it (decision 0037).
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A page drawn on a canvas; `cancel` stops a draw that a newer one (another page, another width) replaces. */
export type PdfRender = { done: Promise<void>; cancel: () => void };

/** An opened PDF, as the viewer uses it: its page count, one page drawn at a time, and release. */
export type PdfDocument = {
  numPages: number;
  /** Draws page `page` (1-based) on `canvas`, `width` CSS pixels wide (fit to width), sharp on dense screens. */
  render: (page: number, canvas: HTMLCanvasElement, width: number) => PdfRender;
  destroy: () => void;
};

/**
 * Opens a PDF's bytes as inert content (decision 0037): pdf.js parses it in its worker, never evaluates code from
 * it (`isEvalSupported: false`), runs none of its scripts, renders no XFA and no form widgets, and the viewer only
 * ever draws its pages on a canvas (no annotation layer, no text layer, no links).
 */
export async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  const doc: PDFDocumentProxy = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    enableXfa: false,
  }).promise;
  return {
    numPages: doc.numPages,
    render(pageNumber, canvas, width) {
      let task: { promise: Promise<void>; cancel: () => void } | null = null;
      let cancelled = false;
      const done = doc.getPage(pageNumber).then((page) => {
        if (cancelled) return;
        const ratio = window.devicePixelRatio || 1;
        const scale = width / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = page.render({ canvas, viewport, annotationMode: AnnotationMode.DISABLE });
        return task.promise;
      });
      return {
        done,
        cancel: () => {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    destroy: () => void doc.destroy(),
  };
}
