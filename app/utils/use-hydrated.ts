import { useEffect, useState } from 'react'

/** False in the server's HTML and until React has hydrated in the browser, then true. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
