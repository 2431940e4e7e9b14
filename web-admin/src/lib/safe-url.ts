// Offer URLs are operator data but still text from the database: only http(s) links become clickable,
// so a stored "javascript:" URL can never run in the dashboard.
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
