// Web tests render screens with their pt-BR texts: the whole catalogue, not only what the first JavaScript bundles
// (apps/web/src/app/i18n.ts). Server and node-environment tests have no document and skip this.
if (typeof document !== 'undefined') {
  const { loadFullCatalogue } = await import('./src/app/i18n');
  await loadFullCatalogue();
}

export {};
