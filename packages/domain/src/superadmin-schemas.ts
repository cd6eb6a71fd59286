import { z } from './zod.js';

/** C0 and C1 control characters and DEL. */
const hasControl = (s: string) =>
  [...s].some((c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/**
 * A product's base address (`editarProduto`, docs/domains/superadmin.md#product): an absolute `https`
 * URL, or, only when `allowLocalhost` (development), an `http` or `https` URL on `localhost` or
 * `127.0.0.1`. No credentials, query or fragment: the menu appends its paths to it.
 */
export function isProductBaseUri(uri: string, allowLocalhost: boolean): boolean {
  if (!uri || hasControl(uri) || uri.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash || uri.includes('?') || uri.includes('#')) return false;
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (local) return allowLocalhost && (url.protocol === 'https:' || url.protocol === 'http:');
  return url.protocol === 'https:' && /^https:\/\/[^/\\]/i.test(uri);
}

/** A product's base address without its trailing slashes (what is stored and joined with menu paths). */
export const normaliseBaseUri = (uri: string): string => uri.trim().replace(/\/+$/, '');

/** `editarProduto(id, baseUriHomolog)`: the address itself is checked by the server (`isProductBaseUri`). */
export const editarProdutoSchema = z.object({
  id: z.uuid({ error: 'validation.invalid' }),
  baseUriHomolog: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.invalid' }),
});
export type EditarProdutoInput = z.input<typeof editarProdutoSchema>;

/** `importarGrupoUsuarios`: move some dealers (or all, a merge) of one dealer group to another. */
export const importarGrupoUsuariosSchema = z
  .object({
    grupoOrigemId: z.uuid({ error: 'validation.invalid' }),
    grupoDestinoId: z.uuid({ error: 'validation.invalid' }),
    /** The dealers to move; empty or absent moves every dealer of the origin (a merge). */
    idsDealers: z
      .array(z.uuid({ error: 'validation.invalid' }))
      .max(10_000)
      .default([]),
    /** On a merge, inactivate the origin group once empty. */
    inativarOrigem: z.boolean().default(false),
  })
  .refine((v) => v.grupoOrigemId !== v.grupoDestinoId, {
    path: ['grupoDestinoId'],
    error: 'superAdmin.migration.sameGroup',
  });
export type ImportarGrupoUsuariosInput = z.input<typeof importarGrupoUsuariosSchema>;

/** `sincronizarIdentityProvider(emailUsuario)`: the e-mail of the portal user whose account is synchronised. */
export const syncIdentityProviderSchema = z.object({
  emailUsuario: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254, { error: 'validation.invalid' })
    .pipe(z.email({ error: 'validation.email' })),
});
export type SyncIdentityProviderInput = z.input<typeof syncIdentityProviderSchema>;
