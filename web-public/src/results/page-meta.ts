// Head tags the results view changes: its title and noindex (spec §2), and the share image of the Open
// Graph tags (spec §7) once a share image exists.

function metaTag(attribute: 'name' | 'property', key: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  return tag;
}

/** Sets the title and a robots noindex while the results are shown; the returned function undoes both. */
export function showResultsHead(title = 'BMI Results'): () => void {
  const previousTitle = document.title;
  document.title = title;
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  const previousRobots = existing?.content ?? null;
  metaTag('name', 'robots').content = 'noindex';
  return () => {
    document.title = previousTitle;
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (previousRobots === null) robots?.remove();
    else if (robots) robots.content = previousRobots;
  };
}

/** Points og:image and twitter:image at the share card (absolute, as crawlers need). */
export function setShareImageMeta(imageUrl: string): void {
  const absolute = new URL(imageUrl, location.href).href;
  metaTag('property', 'og:image').content = absolute;
  metaTag('name', 'twitter:image').content = absolute;
}
