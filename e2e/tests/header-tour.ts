import type { Page } from '@playwright/test';

/**
 * Keeps the header's guided tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME) closed in this page:
 * the server's answer to "seen?" (`currentUserOnboardingIsSeen`, which rides in the frame's `Frame` query, alone or in
 * a batch) is changed to true in the browser, so the tour, which would open 1 s after sign-in and whose mask blocks
 * clicks, never shows. Nothing is marked on the server, so the tour journey (tour.spec.ts) finds its user's tour
 * unseen whatever order the files run in.
 */
export async function keepHeaderTourClosed(page: Page) {
  await page.route('**/api/graphql', async (route) => {
    const sent = route.request().postDataJSON() as unknown;
    const operations = (Array.isArray(sent) ? sent : [sent]) as ({ query?: string } | null)[];
    if (!operations.some((o) => o?.query?.includes('currentUserOnboardingIsSeen'))) return route.fallback();
    try {
      const response = await route.fetch();
      const json = (await response.json()) as unknown;
      for (const answer of Array.isArray(json) ? json : [json]) {
        const data = (answer as { data?: Record<string, unknown> | null }).data;
        if (data && 'currentUserOnboardingIsSeen' in data) data.currentUserOnboardingIsSeen = true;
      }
      await route.fulfill({ response, json });
    } catch (error) {
      // The page left meanwhile (a sign-out, a redirect to sign in): its request has nobody to answer.
      if (!page.isClosed() && !String(error).includes('disposed')) throw error;
    }
  });
}
