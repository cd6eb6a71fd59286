import { defineConfig } from 'drizzle-kit';

/** Every table is in a `*.tables.ts` file: each module's own, and the platform's (sign-in, mail outbox). */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/*.tables.ts', './src/platform/**/*.tables.ts'],
  out: './migrations',
});
