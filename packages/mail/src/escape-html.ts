// Every piece of visitor text that reaches HTML (mails, pages) goes through here: never raw HTML.
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe inside element content and inside double- or single-quoted attribute values. */
export const escapeHtml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => entities[c]!);
