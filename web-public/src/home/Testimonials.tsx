// Three static testimonials (spec §2).
const TESTIMONIALS = [
  {
    quote:
      'I finally understand what my numbers mean. The nutrition plan gave me a realistic calorie target.',
    name: 'Sarah M.',
    detail: 'Lost 12 lbs in 3 months',
  },
  {
    quote:
      'Quick, clear and free. Seeing my metabolic age next to my real age was the wake-up call I needed.',
    name: 'James T.',
    detail: 'Started training again',
  },
  {
    quote: 'No sign-up, no e-mail, just answers. I share the report with my coach every month.',
    name: 'Priya K.',
    detail: 'Tracks her progress monthly',
  },
] as const;

export function Testimonials() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">What Our Users Say</h2>
      <ul className="testimonials__list">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="testimonial">
              <blockquote>
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption>
                <span className="testimonial__name">{t.name}</span>
                <span className="testimonial__detail">{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
