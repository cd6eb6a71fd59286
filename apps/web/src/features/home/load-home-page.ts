/**
 * /home's code for the router: the page's chunk and, fetched beside it rather than after it, the banner's and the
 * ad's (lazy chunks, kept out of the first JavaScript, that the page renders as soon as its data is there).
 */
export async function loadHomePage() {
  const [page] = await Promise.all([import('./HomePage'), import('./SlideBanner'), import('./AdView')]);
  return page.HomePage;
}
