import sanitizeHtml from 'sanitize-html'

/**
 * A promotion's description as stored and shown: an allow-list of formatting tags, links with
 * http(s) or mailto targets only, no scripts, styles, event attributes or frames.
 */
export function sanitizePromotionHtml(html: string) {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  }).trim()
}
