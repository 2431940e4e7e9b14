// Three static testimonials (spec §2), below the form: loaded after the first paint (HomePage), so they
// are not part of the home route's first download.
import { useTexts } from '../texts/i18n';
import { testimonialsTexts } from '../texts/testimonials';

const TESTIMONIALS = [
  { quote: 'quote1', name: 'Sarah M.', detail: 'detail1' },
  { quote: 'quote2', name: 'James T.', detail: 'detail2' },
  { quote: 'quote3', name: 'Priya K.', detail: 'detail3' },
] as const;

export default function Testimonials() {
  const texts = useTexts(testimonialsTexts);
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{texts.title}</h2>
      <ul className="testimonials__list">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="testimonial">
              <blockquote>
                <p>“{texts[t.quote]}”</p>
              </blockquote>
              <figcaption>
                <span className="testimonial__name">{t.name}</span>
                <span className="testimonial__detail">{texts[t.detail]}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
