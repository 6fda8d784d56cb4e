/** The page link that opens a stored file by its key (app/routes/files+/open.ts checks who may). */
export const fileHref = (key: string) => `/files/open?key=${encodeURIComponent(key)}`
