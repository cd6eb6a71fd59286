import { afterEach, vi } from 'vitest';

// Web tests render screens with their pt-BR texts: the whole catalogue, not only what the first JavaScript bundles
// (apps/web/src/app/i18n.ts). Server and node-environment tests have no document and skip this.
if (typeof document !== 'undefined') {
  // The portal's own modules start anew in each file (what one file left in a module's state is not the next one's);
  // the libraries under node_modules stay loaded, which is the time saved.
  vi.resetModules();
  const { loadFullCatalogue } = await import('./src/app/i18n');
  await loadFullCatalogue();
  await followThisFilesDocument();
}

/**
 * The web test files share their thread (vitest.config.ts): the libraries are imported once, but each file gets a new
 * document. What they bound to the first file's document is bound to this one: Testing Library's `screen`, and the
 * style sheet of Emotion's default cache (MUI's styles), which would otherwise go on inserting into the first document
 * and take this one for styled. Every test of every file ends with Testing Library's clean-up (its own automatic one
 * registers for the first file only). React DOM's resource hints (`preload`) stay with the first document: a test
 * checks that they are asked for, not where they land.
 */
async function followThisFilesDocument() {
  const { cleanup, configure, screen, within } = await import('@testing-library/react');
  Object.assign(screen, within(document.body));
  // `findBy…` and `waitFor` wait up to 3 s, not 1: on a loaded 2-core CI machine a debounced search answered by a mock
  // took longer than 1 s to show (UserGroupEditPage, once); a test that passes is not slowed by it.
  configure({ asyncUtilTimeout: 3000 });
  afterEach(() => cleanup());

  const { createElement } = await import('react');
  const { renderToStaticMarkup } = await import('react-dom/server');
  const { __unsafe_useEmotionCache: useEmotionCache } = await import('@emotion/react');
  const found: { cache?: ReturnType<typeof useEmotionCache> } = {};
  renderToStaticMarkup(
    createElement(() => {
      found.cache = useEmotionCache();
      return null;
    }),
  );
  if (!found.cache) return;
  const { sheet, inserted } = found.cache;
  sheet.flush();
  sheet.container = document.head;
  for (const name of Object.keys(inserted)) delete inserted[name];
}
