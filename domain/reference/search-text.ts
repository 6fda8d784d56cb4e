/** Escapes LIKE wildcards so a search for "50%" matches the text, not a pattern. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, '\\$&')
