// Terms of use of the public calculator (visitors; the admin dashboard is for the operator only).
import type { SeedLegalPage } from './types';
import { contactEmail, effectiveDate } from './operator';

export const termsOfService: SeedLegalPage = {
  slug: 'terms',
  title: 'Terms of Service',
  lastUpdated: effectiveDate,
  content: `
<p>These terms apply to your use of the BodyMetrics website, its BMI and body-metrics calculator, the e-mailed health report, the newsletter and the contact form (together, the “service”). By using the service you accept these terms. If you do not accept them, please do not use the service.</p>

<h2>1. What the service is</h2>
<p>BodyMetrics is a free tool that estimates your body mass index (BMI), body-fat percentage, waist-hip ratio, daily energy need, metabolic age and a simple nutrition plan from the values you enter, and shows sponsored offers that match your BMI category and goal. The results are general estimates for information only. They are <strong>not medical advice</strong>, a diagnosis or a treatment plan. Please read our <a href="/legal/disclaimer">Medical Disclaimer</a>.</p>

<h2>2. Who may use it</h2>
<p>The service is intended for adults aged 18 or over. The formulas it uses are not suitable for children, and they may not be suitable during pregnancy or for people with certain medical conditions.</p>

<h2>3. Your use of the service</h2>
<p>You agree to use the service lawfully and not to:</p>
<ul>
<li>interfere with the site’s operation, security or other visitors’ use of it, for example by sending automated or excessive requests;</li>
<li>try to access the administration area or data that is not meant for you;</li>
<li>submit another person’s name or e-mail address for a report or the newsletter without their permission;</li>
<li>send unlawful, abusive or misleading messages through the contact form;</li>
<li>copy or reuse the site’s content for commercial purposes without our written permission.</li>
</ul>

<h2>4. Sponsored offers and third-party sites</h2>
<p>The service contains affiliate links to products and services of third parties. We may earn a commission when you click them or buy something, at no extra cost to you. Offers are chosen by BMI category and goal; we do not test every product, and the third party, not BodyMetrics, is responsible for its products, prices, delivery and terms. Read more in our <a href="/legal/advertising">Advertising &amp; Sponsorship Disclosure</a>.</p>

<h2>5. E-mailed report and newsletter</h2>
<p>If you request a health report, we send it to the e-mail address you provide and subscribe that address to our newsletter. You can unsubscribe with the link in every newsletter. Make sure the address you enter is your own.</p>

<h2>6. Privacy</h2>
<p>How we handle personal data, including the usage analytics recorded when you visit, is described in our <a href="/legal/privacy">Privacy Policy</a> and <a href="/legal/cookies">Cookie Policy</a>.</p>

<h2>7. Intellectual property</h2>
<p>The design, texts, graphics and software of the service belong to the operator of BodyMetrics or its licensors. You may view and print pages and your own results for personal, non-commercial use, and share your results using the sharing features we provide.</p>

<h2>8. Availability and changes</h2>
<p>We provide the service free of charge and “as is”. We may change, suspend or stop any part of it at any time, and we do not guarantee that it will always be available or free of errors.</p>

<h2>9. Liability</h2>
<p>To the extent permitted by law, we are not liable for decisions you make based on the results, for the products or services of third parties, or for indirect or consequential loss. Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by negligence, or your rights as a consumer under mandatory law.</p>

<h2>10. Changes to these terms</h2>
<p>We may update these terms. The “Last updated” date on this page shows when they last changed. If you keep using the service after a change, the updated terms apply.</p>

<h2>11. Law and contact</h2>
<p>These terms are governed by the law of the country in which the operator of BodyMetrics is established, without depriving you of the protection of mandatory rules of the country where you live. Questions about these terms can be sent through the <a href="/legal/contact">contact form</a> or to <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
