import * as client from 'openid-client';
import type { Config } from '../config.js';
import { embeddedIssuer, PORTAL_CLIENT_ID, portalClientSecret } from './provider.js';

/**
 * The server's side of sign-in (docs/domains/sign-in-and-sessions.md#how-signing-in-works): an OpenID client for the
 * embedded provider or, with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET, for an external one. Discovery runs lazily
 * and is retried after a failure.
 */
export type OidcClient = {
  external: boolean;
  issuer: string;
  configuration(): Promise<client.Configuration>;
};

export function createOidcClient(config: Config, internalOrigin: () => string | undefined): OidcClient {
  const external = Boolean(config.externalOidc);
  const issuer = config.externalOidc?.issuer ?? embeddedIssuer(config);
  const clientId = config.externalOidc?.clientId ?? PORTAL_CLIENT_ID;
  const secret = config.externalOidc?.clientSecret ?? portalClientSecret(config);
  const publicUrl = new URL(config.publicUrl);

  // Embedded: call our own provider on the loopback interface, presenting the public host.
  const loopbackFetch: typeof fetch = (input, init) => {
    const origin = internalOrigin();
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!origin || url.origin !== publicUrl.origin) return fetch(input, init);
    const target = new URL(`${url.pathname}${url.search}`, origin);
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-host', publicUrl.host);
    headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
    return fetch(target, { ...init, headers });
  };

  let pending: Promise<client.Configuration> | undefined;
  return {
    external,
    issuer,
    configuration() {
      pending ??= client
        .discovery(new URL(issuer), clientId, secret, undefined, {
          execute: issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
          [client.customFetch]: external ? undefined : (loopbackFetch as never),
        })
        .catch((err) => {
          pending = undefined;
          throw err;
        });
      return pending;
    },
  };
}
