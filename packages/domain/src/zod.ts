import { z as zod } from 'zod';

/**
 * zod for the shared schemas. Browsers run the portal under a Content-Security-Policy without
 * 'unsafe-eval' (issue 10): zod must not probe `new Function` there, which the browser reports as a
 * violation even though zod falls back. The server keeps zod's compiled parsers. The call is part of
 * the exported value so that bundlers keep it (this package declares no side effects), and it lands
 * in the lazy chunk of the schemas, not in the first JavaScript of /home.
 */
function withoutEvalInBrowsers(instance: typeof zod): typeof zod {
  if ('document' in globalThis) instance.config({ jitless: true });
  return instance;
}
export const z = withoutEvalInBrowsers(zod);

/** The type helpers the schemas use (`z.input<typeof schema>`), next to the value above. */
export declare namespace z {
  type input<T> = zod.input<T>;
  type output<T> = zod.output<T>;
  type infer<T> = zod.infer<T>;
  type RefinementCtx<T = unknown> = zod.RefinementCtx<T>;
}
