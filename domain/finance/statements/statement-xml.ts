/** Walking parsed XML/OFX trees whose shape the file decides (issue 25's statement readers). */

/** The value at `path` under `node` (each step a property), or undefined. */
export function at(node: unknown, ...path: string[]): unknown {
  let v = node
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined
  return v
}

/** A one-or-many value as a list. */
export const asList = (v: unknown): unknown[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]

/** A text node's text ('' for none): strings, numbers, or an element's `#text`. */
export function text(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim()
  if (v && typeof v === 'object' && '#text' in v) return text((v as Record<string, unknown>)['#text'])
  return ''
}
