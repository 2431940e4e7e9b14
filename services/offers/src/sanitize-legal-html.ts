// Legal pages are rendered as HTML by the public app, so whatever is stored (seeded, or edited by hand in
// the database) passes through an allow-list first: text structure and links, nothing that runs or loads.
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br'],
  allowedAttributes: { a: ['href'] },
  // Links go to https sites or open a mail client. Root-relative links to our own pages (/legal/contact)
  // have no scheme and stay; protocol-relative ones (//host) would leave the site and are dropped.
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Disallowed tags are dropped but their text kept; script/style bodies are dropped entirely.
  disallowedTagsMode: 'discard',
};

export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, options);
}
