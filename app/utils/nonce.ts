import { createContext, useContext } from 'react'

/**
 * The script nonce of the response being rendered (the server's Content-Security-Policy allows
 * only scripts carrying it). Empty in the browser, which hides nonces from the page.
 */
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
