/**
 * Records replay fixtures: reads the histories a test run left on a Temporal dev server and keeps,
 * per workflow type, the smallest history showing each path (decision, refusal-free decisions in a
 * row, reminder, escalation, `changed` signal, ...) as `<workflow>-<case>.json` beside this file.
 *
 * How they were made (issue 26): the workflow tests ran with TEMPORAL_CLI pointing at a wrapper
 * that adds `--db-filename <file>` to the dev server's arguments, so the server kept its store;
 * then `temporal server start-dev --db-filename <file> --port 7299 --headless` and
 * `npx tsx tests/temporal/histories/record.ts 127.0.0.1:7299`. Each file is the CLI's
 * `temporal workflow show --output json` (Temporal's JSON history form).
 */
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client, Connection } from '@temporalio/client'
import { historyFromJSON } from './history-json'

type History = ReturnType<typeof historyFromJSON>

const here = path.dirname(fileURLToPath(import.meta.url))

/** The remind activity of each workflow type, and the file prefix of its fixtures. */
const TYPES: Record<string, { file: string; remind: string; escalateAt: number }> = {
  commissionPayout: { file: 'commission-payout', remind: 'remindCommissionPayout', escalateAt: 2 },
  clawback: { file: 'clawback', remind: 'remindClawback', escalateAt: 2 },
  amendment: { file: 'amendment', remind: 'remindAmendment', escalateAt: 2 },
  fullRefund: { file: 'full-refund', remind: 'remindFullRefund', escalateAt: 2 },
  agencyOnboarding: { file: 'agency-onboarding', remind: 'remindOnboarding', escalateAt: 2 },
  paymentLinkExpiry: { file: 'payment-link-expiry', remind: 'remindPaymentLink', escalateAt: 99 },
}

type Features = Record<string, boolean>

/** Every string and decoded payload of a history (local activity markers carry their type in a payload). */
function textOf(value: unknown): string {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return value.map(textOf).join(' ')
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join(' ')
  return ''
}

/** What a history shows, read from its events (local activities are markers naming their type). */
function featuresOf(history: History, remind: string, escalateAt: number): Features {
  const events = history.events ?? []
  const text = textOf(history)
  const count = (s: string) => text.split(s).length - 1
  const updates = events.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes).length
  const signals = events.filter((e) => e.workflowExecutionSignaledEventAttributes).length
  const reminders = count(`"${remind}"`)
  const last = events[events.length - 1]
  return {
    decision: updates >= 1,
    decisions: updates >= 2,
    signal: signals >= 1,
    reminder: reminders >= 1,
    escalation: reminders >= escalateAt,
    'reminder-then-decision': reminders >= 1 && updates >= 1,
    'signal-then-decision': signals >= 1 && updates >= 1,
    expired: count('"expirePaymentLink"') >= 1 && reminders >= 1,
    paid: signals >= 1 && !!last?.workflowExecutionCompletedEventAttributes,
    completed: !!last?.workflowExecutionCompletedEventAttributes,
  }
}

async function main() {
  const address = process.argv[2] ?? '127.0.0.1:7299'
  const cli = process.env.TEMPORAL_CLI ?? path.resolve('.tools/bin/temporal')
  const connection = await Connection.connect({ address })
  const client = new Client({ connection })
  for (const [type, t] of Object.entries(TYPES)) {
    const found: { id: string; runId: string; size: number; f: Features; json: string }[] = []
    for await (const w of client.workflow.list({ query: `WorkflowType = '${type}'` })) {
      const json = execFileSync(
        cli,
        ['workflow', 'show', '--address', address, '-w', w.workflowId, '-r', w.runId, '-o', 'json'],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      )
      const h = historyFromJSON(JSON.parse(json))
      const f = featuresOf(h, t.remind, t.escalateAt)
      found.push({ id: w.workflowId, runId: w.runId, size: h.events?.length ?? 0, f, json })
    }
    const kept = new Map<string, string[]>()
    const cases = Object.keys(found[0]?.f ?? {})
    for (const c of cases) {
      // The smallest completed history with the feature, else the smallest with it.
      const withIt = found.filter((x) => x.f[c]).sort((a, b) => a.size - b.size)
      const best = withIt.find((x) => x.f.completed) ?? withIt[0]
      if (!best) continue
      const k = `${best.id}/${best.runId}`
      kept.set(k, [...(kept.get(k) ?? []), c])
    }
    for (const [k, cs] of kept) {
      const x = found.find((f) => `${f.id}/${f.runId}` === k)!
      const name = `${t.file}-${cs.filter((c) => c !== 'completed')[0] ?? 'completed'}.json`
      writeFileSync(path.join(here, name), x.json.endsWith('\n') ? x.json : `${x.json}\n`)
      console.log(type, name, x.size, 'events:', cs.join(', '))
    }
    console.log(type, found.length, 'histories read')
  }
  await connection.close()
}

await main()
