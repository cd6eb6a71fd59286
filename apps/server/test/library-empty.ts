import { type CookieClient, gql } from './browserless.js';

/**
 * Empties the library of a test portal for good (the demo seed's folders, docs/domains/library.md#demo-data):
 * for the tests that count every item a reader sees (searches, recent files, the root). `manager` holds
 * PORTAL_GERENCIAR_BIBLIOTECA.
 */
export async function emptyLibrary(manager: CookieClient, base: string): Promise<void> {
  const root = await gql(manager, base, '{ itemsPorPasta(idPasta: null) { id } }');
  for (const { id } of root.data.itemsPorPasta as { id: string }[]) {
    const deleted = await gql(manager, base, 'mutation ($id: ID!) { excluirItemBiblioteca(idItem: $id) { id } }', {
      id,
    });
    if (deleted.errors) throw new Error(JSON.stringify(deleted.errors));
  }
  const purged = await gql(manager, base, 'mutation { esvaziarLixeiraBiblioteca }');
  if (purged.errors) throw new Error(JSON.stringify(purged.errors));
}
