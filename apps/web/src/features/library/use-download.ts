import { useApolloClient } from '@apollo/client';
import { useCallback } from 'react';
import { useToast } from '../../ui/toast';

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

/**
 * Downloads library files: a fresh signed link per file (gerarLinkDownloadByItemBiblioteca), then opened. The
 * library's documents are imported on the first click, so the screens that only offer a download (/home's recent
 * files card) do not load them with their first paint.
 */
export function useDownload() {
  const toast = useToast();
  const client = useApolloClient();
  return useCallback(
    async (items: readonly { id: string; nome: string }[]) => {
      for (const item of items) {
        try {
          const { GERAR_LINK_DOWNLOAD } = await import('./library.documents');
          const { data } = await client.mutate({ mutation: GERAR_LINK_DOWNLOAD, variables: { id: item.id } });
          if (data) openDownload(data.gerarLinkDownloadByItemBiblioteca, item.nome);
        } catch (error) {
          toast.error(error);
          return;
        }
      }
    },
    [client, toast],
  );
}
