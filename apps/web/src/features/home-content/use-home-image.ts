import { useEffect, useRef, useState } from 'react';
import type { ArquivoConteudoHomeCamposFragment } from './home-content.generated';
import { ImageUploadError, uploadHomeImage } from './upload-image';

/** The image the form shows: the stored one or the file just chosen (its object URL). */
export type ShownImage = { url: string; name: string; width: number | null; height: number | null };

/**
 * The image of a slide or ad form: the stored image at first; a chosen file shows at once (an object
 * URL, for the thumbnail and the preview) while it uploads with `fileType`; `onUploaded` receives the
 * new file's id ('' while uploading or after a failure, so the form asks for an image). Its pixel size
 * comes from the API for a stored image, else from the thumbnail once it loads (`measured`).
 */
export function useHomeImage(
  stored: ArquivoConteudoHomeCamposFragment | null | undefined,
  fileType: 'SLIDE' | 'ANUNCIO',
  onUploaded: (id: string) => void,
) {
  const [image, setImage] = useState<ShownImage | null>(
    stored ? { url: stored.arquivoLink, name: stored.nome, width: stored.largura, height: stored.altura } : null,
  );
  const [uploading, setUploading] = useState(false);
  /** An i18n key, or the server's translated message. */
  const [error, setError] = useState<string | null>(null);
  // The last file chosen: an earlier upload that ends later must not replace its id.
  const latest = useRef(0);
  const objectUrl = image?.url.startsWith('blob:') ? image.url : null;
  useEffect(() => () => void (objectUrl && URL.revokeObjectURL(objectUrl)), [objectUrl]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError('homeContent.form.notImage');
      return;
    }
    const turn = ++latest.current;
    setError(null);
    setImage({ url: URL.createObjectURL(file), name: file.name, width: null, height: null });
    onUploaded('');
    setUploading(true);
    try {
      const id = await uploadHomeImage(file, fileType);
      if (turn === latest.current) onUploaded(id);
    } catch (e) {
      if (turn === latest.current)
        setError(e instanceof ImageUploadError && e.message ? e.message : 'homeContent.form.uploadFailed');
    } finally {
      if (turn === latest.current) setUploading(false);
    }
  };
  const measured = (width: number, height: number) =>
    setImage((i) => (i && (i.width !== width || i.height !== height) ? { ...i, width, height } : i));

  return { image, uploading, error, choose, measured };
}
export type HomeImage = ReturnType<typeof useHomeImage>;
