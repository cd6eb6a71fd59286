const { PGlite } = await import('@electric-sql/pglite');
const { citext } = await import('@electric-sql/pglite/contrib/citext');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
const t0 = performance.now();
const db = await PGlite.create('/tmp/s36-start/db', { extensions: { citext, pg_trgm, unaccent }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
const t1 = performance.now();
const qs = [
  "select u.id, u.nome, u.email from usuario u where u.nome_busca like '%a%' order by u.nome limit 50",
  "select count(*) from pg_class c join pg_attribute a on a.attrelid = c.oid",
  "select n.nspname, c.relname, count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid group by 1,2 order by 3 desc limit 20",
];
await db.exec('create temp table tt (id serial primary key, s text)');
const res = [];
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  for (let i = 0; i < 200; i++) for (const q of qs) await db.query(q);
  for (let i = 0; i < 500; i++) await db.query('insert into tt (s) values ($1)', ['x' + i]);
  res.push(Math.round(performance.now() - t));
}
console.log(`open ${Math.round(t1 - t0)} rounds ${res.join(' ')} ms`);
await db.close();
