import type { Page } from '@playwright/test';

/**
 * Keeps the header's guided tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME) closed in this page:
 * the app's "seen?" query is answered with true in the browser, so the tour, which would open 1 s after sign-in and
 * whose mask blocks clicks, never shows. Nothing is marked on the server, so the tour journey (tour.spec.ts) finds its
 * user's tour unseen whatever order the files run in.
 */
export async function keepHeaderTourClosed(page: Page) {
  await page.route('**/api/graphql', async (route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'CurrentUserOnboardingIsSeen') {
      await route.fulfill({ json: { data: { currentUserOnboardingIsSeen: true } } });
    } else {
      await route.fallback();
    }
  });
}
