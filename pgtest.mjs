import { PGlite } from '@electric-sql/pglite';
let t=performance.now();
const db = new PGlite();
await db.waitReady; console.log('mem init', performance.now()-t);
await db.exec('create table a(x int)');
t=performance.now(); const dump = await db.dumpDataDir('none'); console.log('dump', performance.now()-t, dump.size);
t=performance.now(); const db2 = new PGlite({loadDataDir: dump}); await db2.waitReady; console.log('load', performance.now()-t, (await db2.query('select count(*) from a')).rows);
t=performance.now(); const db3 = new PGlite('/tmp/pgdir-'+Date.now()); await db3.waitReady; console.log('disk init', performance.now()-t);
