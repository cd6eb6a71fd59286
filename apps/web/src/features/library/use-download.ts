import { useMutation } from '@apollo/client';
import { useCallback } from 'react';
import { useToast } from '../../ui/toast';
import { GERAR_LINK_DOWNLOAD } from './library.documents';

/** Follows a signed link as a download (same origin: saved, not shown; elsewhere: a new tab). */
export function openDownload(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.target = '_blank';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Downloads library files: a fresh signed link per file (gerarLinkDownloadByItemBiblioteca), then opened. */
export function useDownload() {
  const toast = useToast();
  const [gerarLink] = useMutation(GERAR_LINK_DOWNLOAD);
  return useCallback(
    async (items: readonly { id: string; nome: string }[]) => {
      for (const item of items) {
        try {
          const { data } = await gerarLink({ variables: { id: item.id } });
          if (data) openDownload(data.gerarLinkDownloadByItemBiblioteca, item.nome);
        } catch (error) {
          toast.error(error);
          return;
        }
      }
    },
    [gerarLink, toast],
  );
}
