const { PGlite } = await import('@electric-sql/pglite');
const { citext } = await import('@electric-sql/pglite/contrib/citext');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
const db = await PGlite.create('/tmp/s36-start/db', { extensions: { citext, pg_trgm, unaccent }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
for (const q of ["select 1", "DO $$ BEGIN PERFORM 1; END $$", "select 2", "select to_tsvector('portuguese', 'ações')", "select 3"]) {
  const t = performance.now(); await db.exec(q); console.log(q, Math.round(performance.now() - t), 'ms');
}
await db.close();
