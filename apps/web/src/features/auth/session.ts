let redirecting = false;

/** Sends the browser to sign in at the provider; it comes back to the current page. */
export function redirectToSignIn(): void {
  if (redirecting) return;
  redirecting = true;
  window.location.assign(
    `/auth/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
  );
}

/** Ends the portal session, then leaves for the provider to end its own; it returns to `/`. */
export async function signOut(): Promise<void> {
  const response = await fetch('/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`POST /auth/logout answered ${response.status}`);
  const { logoutUrl } = (await response.json()) as { logoutUrl: string };
  window.location.assign(logoutUrl);
}
