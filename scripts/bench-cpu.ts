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

/** The pids of `roots` and their descendants (a cluster's primary and its workers). */
function treeOf(all: Proc[], roots: number[]) {
  const tree = new Set(roots)
  for (let grew = true; grew;) {
    grew = false
    for (const p of all)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid)
        grew = true
      }
  }
  return tree
}

/** A group of processes: trees by their roots' pids, or every process of a command name. */
export type Group = number | number[] | string

/** CPU ticks per process of each group. */
function sample(groups: Record<string, Group>) {
  const all = procs()
  return Object.fromEntries(
    Object.entries(groups).map(([name, root]) => {
      const tree = typeof root === 'string' ? null : treeOf(all, [root].flat())
      const keep = (p: Proc) => (tree ? tree.has(p.pid) : p.comm === root)
      return [name, new Map(all.filter(keep).map((p) => [p.pid, p.ticks]))]
    }),
  )
}

const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0) * TICK_MS

/** The CPU milliseconds `work` cost each group of processes (see `sample`). */
export async function cpuByGroup<T>(groups: Record<string, Group>, work: () => Promise<T>) {
  const before = sample(groups)
  const result = await work()
  const after = sample(groups)
  const ms = Object.fromEntries(Object.keys(groups).map((g) => [g, spent(before[g], after[g])]))
  return { result, ms }
}

/**
 * Runs `work` and answers the CPU milliseconds per request it cost the web processes and the
 * database (`requests` is read from its result).
 */
export async function cpuPerRequest<T extends { requests?: number }>(webPid: number, work: () => Promise<T>) {
  const { result, ms } = await cpuByGroup({ web: webPid, db: 'postgres' }, work)
  const per = (n: number) => (result.requests ? n / result.requests : NaN)
  return { result, webMs: per(ms.web), dbMs: per(ms.db) }
}
