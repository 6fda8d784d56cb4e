// What a page shows of a refused field (issue 29): the schemas keep the specification's wording,
// which the API answers ("full_refund_requested_reason is required"), and zod's own defaults
// ("Invalid input: expected string, received undefined"); a person reads the field as its form
// labels it. The browser's check of a form (useConformForm) words its messages here, from the
// field's <label> in the page.
import type { Submission } from '@conform-to/react'

/** zod's and Conform's own wording, which no person should read. */
const LIBRARY =
  /^(required|invalid input\b.*|invalid (string|number|date|email|enum value|type|option|url|uuid)\b.*|expected .+, received .+|string must contain .*|number must be .*|too (small|big)\b.*|not a number)$/i

/** A raw field name: snake_case, or camelCase. */
const RAW_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b/g

/** "full_refund_requested_reason" or "startDate" as words: "full refund requested reason". */
export function wordsOf(name: string) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim()
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The field's own name in a path: `students[0].first_name` -> `first_name`. */
export const keyOf = (name: string) =>
  name
    .replace(/\[\d+\]/g, '')
    .split('.')
    .pop() ?? name

/**
 * One message as a person reads it. `label` is what the form calls the field (its words when the
 * page has no label); `empty` when nothing was given in it.
 */
export function humanMessage(
  message: string,
  field: { name: string; label?: string | null; empty: boolean },
) {
  const key = keyOf(field.name)
  const label = field.label?.trim() || capitalised(wordsOf(key))
  const m = message.trim()
  const words = (s: string) =>
    s.replace(RAW_NAME, (raw, offset: number) => {
      if (raw === key) return offset === 0 ? label : label.toLowerCase()
      return wordsOf(raw)
    })
  // Nothing given: a rule about the value's shape is not what the person needs to hear.
  if (
    field.empty &&
    (LIBRARY.test(m) ||
      /\bmust be (at least|at most|in the format|a valid|one of|greater than|more than|less than)\b/.test(m))
  )
    return `${label} is required`
  if (LIBRARY.test(m)) return `${label} is not valid`
  // "name must be ...": the field's own name first.
  if (m.startsWith(`${key} `)) return `${label}${words(m.slice(key.length))}`
  // "must be at least 2 characters": a sentence without its subject.
  if (/^[a-z]+\b/.test(m) && !/^[a-z][a-z0-9]*(_|[A-Z])/.test(m)) return `${label} ${words(m)}`
  return capitalised(words(m))
}

/** The text of the label a control of `form` named `name` has in the page, if any. */
function labelIn(form: HTMLFormElement, name: string): string | null {
  const item = form.elements.namedItem(name)
  const control = typeof RadioNodeList !== 'undefined' && item instanceof RadioNodeList ? item[0] : item
  if (!control || !('labels' in control)) return null
  const el = control as HTMLInputElement
  const text = el.labels?.[0]?.textContent ?? el.getAttribute('aria-label')
  return text?.replace(/\s*\*\s*$/, '').trim() || null
}

function isEmpty(formData: FormData, name: string) {
  return formData
    .getAll(name)
    .every((v) => (typeof v === 'string' ? v.trim() === '' : v.size === 0 && v.name === ''))
}

/**
 * The submission with its messages worded for the page: its `reply()` (what Conform shows)
 * answers them, the schema's own wording left to the API.
 */
export function withHumanMessages<T>(
  submission: Submission<T>,
  form: HTMLFormElement,
  formData: FormData,
): Submission<T> {
  if (submission.status !== 'error' || !submission.error) return submission
  const word = (error: Record<string, string[] | null> | null | undefined) => {
    if (!error) return error
    const out: Record<string, string[] | null> = {}
    for (const [name, messages] of Object.entries(error)) {
      if (!messages || name === '') {
        out[name] = messages
        continue
      }
      const field = { name, label: labelIn(form, name), empty: isEmpty(formData, name) }
      out[name] = messages.map((m) => humanMessage(m, field))
    }
    return out
  }
  const reply = submission.reply
  return {
    ...submission,
    error: word(submission.error) as typeof submission.error,
    reply: ((options?: Parameters<typeof reply>[0]) => {
      const r = reply(options)
      return { ...r, error: word(r.error) }
    }) as typeof reply,
  }
}
