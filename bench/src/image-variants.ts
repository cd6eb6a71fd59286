/**
 * What the responsive WebP variants of slides and ads (docs/domains/files.md#image-variants) add to an
 * upload: `npx tsx bench/src/image-variants.ts` uploads a photo-like JPEG of 1140×400 (the recommended
 * slide size) and of 4000×1400 through POST /api/upload of a real portal (PGlite in memory, local disk),
 * as LIBRARY (size and thumbnail only) and as SLIDE (plus the variants), and prints the median time of
 * each. The difference is the variants' cost, paid once per upload. A measurement, not a test.
 */
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { signIn, uploadFile } from '../../apps/server/test/browserless.js';
import { startTestPortal } from '../../apps/server/test/harness.js';

const RUNS = Number(process.env.RUNS ?? 7);

/** Blurred noise, so the encoders see detail like a photo's rather than a flat colour. */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const portal = await startTestPortal();
  try {
    const { client } = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD);
    for (const [width, height] of [
      [1140, 400],
      [4000, 1400],
    ]) {
      const data = await photo(width, height);
      const times: Record<string, number[]> = { LIBRARY: [], SLIDE: [] };
      await uploadFile(client, portal.baseUrl, 'warm-up.jpg', data, 'SLIDE');
      for (let i = 0; i < RUNS; i++) {
        for (const fileType of ['LIBRARY', 'SLIDE']) {
          const start = performance.now();
          await uploadFile(client, portal.baseUrl, `bench-${i}.jpg`, data, fileType);
          times[fileType].push(performance.now() - start);
        }
      }
      const library = median(times.LIBRARY);
      const slide = median(times.SLIDE);
      console.log(
        `${width}x${height} JPEG ${(data.length / 1024).toFixed(0)} KiB, median of ${RUNS}: ` +
          `LIBRARY ${library.toFixed(0)} ms, SLIDE ${slide.toFixed(0)} ms, variants add ${(slide - library).toFixed(0)} ms`,
      );
    }
  } finally {
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
