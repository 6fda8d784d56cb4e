import proto from '@temporalio/proto'

const { temporal } = proto

type History = proto.temporal.api.history.v1.IHistory

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/
const DURATION = /^(-?\d+)(\.\d+)?s$/

const nanosOf = (fraction: string | undefined) => (fraction ? Math.round(Number(`0${fraction}`) * 1e9) : 0)

/** The proto-JSON forms protobufjs's fromObject does not read: Timestamp and Duration strings. */
function wellKnown(value: unknown, key: string): unknown {
  // Payload bytes and metadata are base64: never reinterpreted.
  if (key === 'data' || key === 'metadata') return value
  if (typeof value === 'string') {
    const t = TIMESTAMP.exec(value)
    if (t) return { seconds: String(Date.parse(`${t[1]}Z`) / 1000), nanos: nanosOf(t[2]) }
    const d = DURATION.exec(value)
    if (d) return { seconds: d[1], nanos: nanosOf(d[2]) }
    return value
  }
  if (Array.isArray(value)) return value.map((v) => wellKnown(v, key))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellKnown(v, k)]))
  return value
}

/**
 * A history in Temporal's JSON form (`temporal workflow show --output json`, the Web UI's download)
 * as the History object `Worker.runReplayHistory` takes. The SDK's own `historyFromJSON`
 * (@temporalio/common/lib/proto-utils) throws "type must be a Type" with the installed packages:
 * @temporalio/common 1.24 nests protobufjs 8 for its JSON codec while @temporalio/proto's types
 * come from protobufjs 7.
 */
export function historyFromJSON(json: unknown): History {
  const h = temporal.api.history.v1.History.fromObject(wellKnown(json, '') as Record<string, unknown>)
  if (!h.events?.length) throw new TypeError('Not a workflow history: no events')
  return h
}
