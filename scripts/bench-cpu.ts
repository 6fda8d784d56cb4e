// Where a scenario's CPU goes (issue 27): the CPU time the web processes and the database spend
// per request, from /proc (user + system time of each process, Linux). The web side is the web
// process and its children (the cluster's workers); the database side every `postgres` process
// (the backends serving the app's pool, and the server's own). pg_stat_statements would need the
// server started with it preloaded, which a shared PostgreSQL is not; the process times need
// nothing and count the planner, the executor and the protocol alike.
import { execSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const TICK_MS = 1000 / (Number(execSync('getconf CLK_TCK').toString().trim()) || 100)

type Proc = { pid: number; ppid: number; comm: string; ticks: number }

function procs(): Proc[] {
  const out: Proc[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    const close = stat.lastIndexOf(')')
    const rest = stat.slice(close + 2).split(' ')
    // After the command: state, ppid, …; utime and stime are fields 14 and 15 of the line.
    out.push({
      pid: Number(name),
      ppid: Number(rest[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ticks: Number(rest[11]) + Number(rest[12]),
    })
  }
  return out
}

/** CPU ticks per process of the web tree (`webPid` and its descendants) and of the database. */
function sample(webPid: number) {
  const all = procs()
  const web = new Set([webPid])
  for (let grew = true; grew;) {
    grew = false
    for (const p of all)
      if (!web.has(p.pid) && web.has(p.ppid)) {
        web.add(p.pid)
        grew = true
      }
  }
  const pick = (keep: (p: Proc) => boolean) => new Map(all.filter(keep).map((p) => [p.pid, p.ticks]))
  return { web: pick((p) => web.has(p.pid)), db: pick((p) => p.comm === 'postgres') }
}

const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0) * TICK_MS

/**
 * Runs `work` and answers the CPU milliseconds per request it cost the web processes and the
 * database (`requests` is read from its result).
 */
export async function cpuPerRequest<T extends { requests?: number }>(webPid: number, work: () => Promise<T>) {
  const before = sample(webPid)
  const result = await work()
  const after = sample(webPid)
  const per = (ms: number) => (result.requests ? ms / result.requests : NaN)
  return { result, webMs: per(spent(before.web, after.web)), dbMs: per(spent(before.db, after.db)) }
}
