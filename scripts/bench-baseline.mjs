// The benchmark's baseline: a bare node:http + pg server answering one small SELECT as JSON, on
// as many processes as the app's web server, so the two are compared on equal terms.
import cluster from 'node:cluster'
import http from 'node:http'
import pg from 'pg'

const processes = Number(process.env.WEB_CONCURRENCY ?? 1)
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork()
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  http
    .createServer(async (req, res) => {
      const { rows } = await pool.query('SELECT id, name FROM insurance_providers WHERE id = $1', [1])
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(rows[0]))
    })
    .listen(Number(process.env.PORT))
}
