// Every piece of text from data (a visitor's, the operator's, a number) that reaches HTML — mails and the
// pages the services render — goes through here: nothing from data is ever rendered as HTML.
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
