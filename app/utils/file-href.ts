/** The page link that opens a stored file by its key (app/routes/files+/open.ts checks who may). */
export const fileHref = (key: string) => `/files/open?key=${encodeURIComponent(key)}`

/** The same file's bytes from the app's own origin, for a preview drawn in the page (files+/preview.ts). */
export const filePreviewHref = (key: string) => `/files/preview?key=${encodeURIComponent(key)}`
