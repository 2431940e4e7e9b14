// The site's <title> and meta description in Romanian while the page is shown in Romanian. Part of the
// Romanian chunk (imported by ro.ts), not of the first download: the home route's budget has no room for
// it, and an English page never needs it. The English ones are read from index.html when this loads, so a
// switch back to English restores them without carrying them in code. A page that set its own title (a
// policy, the not-found page) keeps it: only the site's own title is replaced.
import { language } from './i18n';
import type { Language } from './language';

export const RO_HEAD = {
  title: 'BodyMetrics — Calculator gratuit de IMC și sănătate corporală',
  description:
    'Calculator gratuit de IMC cu grăsime corporală, raport talie-șold, necesar zilnic de energie, vârstă metabolică și un plan de nutriție personalizat. Fără cont, fără e-mail obligatoriu.',
};

/** Keeps the site's title and description in the shown language from now on. */
export function followLanguageInHead(doc: Document): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="description"]');
  const english = { title: doc.title, description: meta?.content ?? '' };
  language.subscribe((code: Language) => {
    const head = code === 'ro' ? RO_HEAD : english;
    if (doc.title === english.title || doc.title === RO_HEAD.title) doc.title = head.title;
    if (meta) meta.content = head.description;
  });
}

if (typeof document !== 'undefined') followLanguageInHead(document);
